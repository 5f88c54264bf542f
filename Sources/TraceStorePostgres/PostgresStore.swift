import Foundation
import TraceStore

/// The PostgreSQL backend: a database many runners write to at once and everyone queries. Each
/// trace file is stored in one transaction, its events bulk-loaded with `COPY … FROM STDIN`;
/// the content hash is unique, so two runners storing the same file store it once. Readers
/// read a snapshot (a repeatable-read, read-only transaction) and never keep a writer waiting.
package struct PostgresStore: TraceStoreBackend {
  /// The URL as the user gave it (with its password, if any: never printed).
  private let url: String
  private let environment: [String: String]

  package init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.url = url
    self.environment = environment
  }

  /// The URL without its password.
  package var location: String {
    (try? PostgresLocation(url: url, environment: environment))?.description ?? Self.redacted(url)
  }

  /// Whether the database holds traceq's schema. A server that cannot be reached counts as
  /// existing, so that the command that opens it says why it cannot.
  package var exists: Bool {
    guard let link = try? connect(migrating: false) else { return true }
    defer { link.close() }
    return (try? PostgresMigrator.version(link)) != 0
  }

  package func openWriter() throws -> any TraceFileWriter {
    let link = try connect(migrating: true)
    do {
      return try PostgresFileWriter(link: link, ids: try connect(migrating: false))
    } catch {
      link.close()
      throw error
    }
  }

  package func openFindingWriter() throws -> any FindingWriter {
    try requireSchema().close()
    return PostgresFindingWriter(link: try connect(migrating: true))
  }

  package func readSessions<T>(note: (String) -> Void, _ body: (any StoredSessionReader) throws -> T) throws -> T {
    let link = try requireSchema()
    defer { link.close() }
    do {
      return try link.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
        try body(PostgresSessionReader(link: link))
      }
    } catch let failure as PostgresFailure {
      throw StoreError.readFailed(location: location, reason: failure.reason)
    }
  }

  package func openQueries(note: (String) -> Void) throws -> any QueryRunner {
    PostgresQueryRunner(link: try requireSchema())
  }

  package func newStoreObjects() throws -> [StoredObject] {
    let link = try requireSchema()
    defer { link.close() }
    return try PostgresQueryRunner.schemaObjects(of: link)
  }

  /// A connection to a store that has traceq's schema.
  /// - Throws: ``StoreError/missing(location:)`` when the database has none.
  private func requireSchema() throws -> PostgresLink {
    let link = try connect(migrating: false)
    let version: Int
    do {
      version = try PostgresMigrator.version(link)
    } catch let failure as PostgresFailure {
      link.close()
      throw StoreError.cannotOpen(location: location, reason: failure.reason)
    }
    guard version > 0 else {
      link.close()
      throw StoreError.missing(location: location)
    }
    return link
  }

  /// A connection; with `migrating`, the schema brought up to date first.
  private func connect(migrating: Bool) throws -> PostgresLink {
    let link: PostgresLink
    do {
      link = try PostgresLink.open(try PostgresLocation(url: url, environment: environment))
    } catch let invalid as PostgresLocation.Invalid {
      throw StoreError.cannotOpen(location: location, reason: invalid.description)
    } catch let failure as PostgresFailure {
      throw StoreError.cannotOpen(location: location, reason: failure.reason)
    }
    guard migrating else { return link }
    do {
      try PostgresMigrator.migrate(link)
    } catch let failure as PostgresFailure {
      link.close()
      throw StoreError.cannotOpen(location: location, reason: "its schema cannot be brought up to date: \(failure)")
    } catch {
      link.close()
      throw error
    }
    return link
  }

  /// `url` without its user information and parameters, for a URL that does not parse.
  static func redacted(_ url: String) -> String {
    guard let scheme = url.range(of: "://") else { return "a postgres:// URL" }
    var rest = url[scheme.upperBound...]
    if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    return String(url[..<scheme.upperBound]) + rest
  }
}
