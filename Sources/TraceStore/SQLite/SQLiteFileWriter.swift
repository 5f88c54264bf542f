import GRDB
import TraceModel
import TraceReading

/// Stores trace files in a SQLite database. A new one is built in one go (fast, and published
/// only when complete: see ``BulkLoad``); an existing one is appended to in WAL mode, one
/// transaction per file.
final class SQLiteFileWriter: TraceFileWriter {
  let path: String
  private let bulk: BulkLoad?
  private let queue: DatabaseQueue

  /// Creates the database at `path` or opens it to append.
  /// - Throws: ``StoreError`` when it cannot be created or opened.
  init(path: String) throws {
    self.path = path
    bulk = try BulkLoad.begin(path: path)
    queue = try bulk?.queue ?? SQLiteConnections.openForWriting(path: path)
  }

  func store(_ source: any IngestItemSource, as ingestion: TraceIngestion) throws -> IngestOutcome {
    do {
      return try run(source, as: ingestion)
    } catch let error as TraceReadError {
      // A new database had the file's rows deleted: its space is given back when it is finished.
      bulk?.hasDeletedRows = true
      throw error
    } catch {
      throw failure(error, storing: ingestion.path)
    }
  }

  func finish() throws {
    try bulk?.finish()
  }

  /// Stores the file in one transaction. Anything that fails midway (disk full, a killed
  /// process) rolls the whole file back, as does a file skipped or rejected; in a bulk load,
  /// which has no journal to roll back with, what the file wrote is deleted instead.
  private func run(_ source: any IngestItemSource, as ingestion: TraceIngestion) throws -> IngestOutcome {
    let first = try source.next()
    let canRollBack = bulk == nil
    var outcome: IngestOutcome?
    var failure: Error?
    try queue.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        let marks = canRollBack ? nil : try TraceRowWriter(db).marks()
        do {
          outcome = try TraceFileRows(try TraceRowWriter(db), ingestion: ingestion).store(first, then: source)
        } catch {
          guard let marks else { throw error }
          try TraceRowWriter(db).deleteRows(after: marks)
          failure = error
          return .commit
        }
        if case .stored = outcome { return .commit }
        guard let marks else { return .rollback }
        try TraceRowWriter(db).deleteRows(after: marks)
        return .commit
      }
    }
    if let failure { throw failure }
    return outcome!
  }

  /// What a storage error means for this run: a new database is abandoned (nothing of it is
  /// published), an existing one keeps the files stored before.
  private func failure(_ error: Error, storing file: String) -> StoreError {
    let reason = StoreError.reason(error)
    guard let bulk else { return .writeFailed(location: path, file: file, reason: reason) }
    bulk.abandon()
    return .buildFailed(location: path, reason: reason)
  }
}
