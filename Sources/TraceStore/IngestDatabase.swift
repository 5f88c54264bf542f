import GRDB

/// The database an ingest stores its files in. A new one is built in one go (fast, and
/// published only when complete: see ``BulkLoad``); an existing one is appended to in WAL
/// mode, one transaction per file.
package final class IngestDatabase {
  package let path: String
  private let bulk: BulkLoad?
  private let queue: DatabaseQueue

  /// Creates the database at `path` or opens it to append.
  /// - Throws: ``StoreError`` when it cannot be created or opened.
  package init(path: String) throws {
    self.path = path
    bulk = try BulkLoad.begin(path: path)
    queue = try bulk?.queue ?? TraceStore.openForWriting(path: path)
  }

  /// Whether the database is being built by this run (a failure then abandons all of it).
  package var isNew: Bool { bulk != nil }

  /// Stores the file whose items `source` gives, as `ingestion` says.
  /// - Throws: ``TraceReadError`` when the file cannot be read (nothing of it is stored), or a
  ///   storage error (see ``failure(_:)``).
  package func store(_ source: IngestItemSource, as ingestion: TraceIngestion) throws -> IngestOutcome {
    var ingestion = ingestion
    ingestion.canRollBack = bulk == nil
    return try ingestion.run(source, in: queue)
  }

  /// What a storage error means for this run: a new database is abandoned (nothing of it is
  /// published), an existing one keeps the files stored before.
  package func failure(_ error: Error) -> StoreError {
    let reason = StoreError.reason(error)
    guard let bulk else { return .writeFailed(path: path, reason: reason) }
    bulk.abandon()
    return .buildFailed(path: path, reason: reason)
  }

  /// Completes the run: a new database is published under its name.
  package func finish() throws {
    try bulk?.finish()
  }
}
