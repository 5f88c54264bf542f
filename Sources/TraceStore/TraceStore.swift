import Foundation
import GRDB

/// Opens the SQLite database traceq stores traces in.
enum TraceStore {
  /// How long a writer waits for another process's transaction (one trace file) to finish.
  static let busyTimeout: TimeInterval = 600

  /// A connection that writes: WAL (readers keep working while a trace is stored), a busy
  /// timeout so that concurrent `traceq ingest` runs take turns, the schema migrated.
  static func openForWriting(path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(busyTimeout)
    // Relationships are declared for documentation; enforcing them on every event row would
    // slow bulk loads, and traceq writes each trace in one consistent transaction.
    configuration.foreignKeysEnabled = false
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -8192")
    }
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw StoreError.cannotOpen(path: path, reason: StoreError.reason(error))
    }
    try migrate(queue, path: path)
    return queue
  }

  /// A connection that can only read: SQLite refuses any statement that would write.
  static func openReadOnly(path: String) throws -> DatabaseQueue {
    guard FileManager.default.fileExists(atPath: path) else { throw StoreError.missing(path: path) }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    do {
      return try DatabaseQueue(path: path, configuration: configuration)
    } catch {
      throw StoreError.cannotOpen(path: path, reason: StoreError.reason(error))
    }
  }

  /// Applies the migrations. Two processes creating the same new database race here: the
  /// loser's migration fails (busy, or "table already exists") and is rolled back; it then
  /// finds the winner's schema complete.
  private static func migrate(_ queue: DatabaseQueue, path: String) throws {
    let migrator = StoreSchema.migrator
    var attempts = 0
    while true {
      do {
        try migrator.migrate(queue)
        return
      } catch {
        attempts += 1
        if (try? queue.read(migrator.hasCompletedMigrations)) == true { return }
        guard attempts < 50, error is DatabaseError else {
          throw StoreError.cannotOpen(path: path, reason: StoreError.reason(error))
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
  }
}

/// What stops a command that needs the database.
public enum StoreError: Error, CustomStringConvertible {
  case missing(path: String)
  case cannotOpen(path: String, reason: String)
  case writeFailed(path: String, reason: String)
  /// A new database could not be completed; it was not published.
  case buildFailed(path: String, reason: String)
  /// SQLite refused a statement of `traceq query`.
  case refused(reason: String)

  public var description: String {
    switch self {
    case .missing(let path):
      "error: no database at \(path); create one with `traceq ingest --db \(path) TRACE…`"
    case .cannotOpen(let path, let reason):
      "error: cannot open the database \(path): \(reason)"
    case .writeFailed(let path, let reason):
      "error: writing to the database \(path) failed, nothing of this file was stored: \(reason)"
    case .buildFailed(let path, let reason):
      "error: building the new database \(path) failed, nothing was stored: \(reason)"
    case .refused(let reason):
      "error: \(reason)"
    }
  }

  /// SQLite's own message for a GRDB error, without GRDB's decoration.
  package static func reason(_ error: Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
    return "\(error)"
  }
}
