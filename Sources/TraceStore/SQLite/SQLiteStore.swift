import Foundation
import GRDB
import TraceModel

/// The SQLite backend: a database file at `path`, in WAL mode, with the schema of
/// ``StoreSchema``. Ingest bulk-loads a new file (``BulkLoad``) and appends to an existing one in
/// one transaction per file; readers read a snapshot and never keep a writer waiting.
struct SQLiteStore: TraceStoreBackend {
  let path: String

  var location: String { path }

  var exists: Bool { FileManager.default.fileExists(atPath: path) }

  func openWriter() throws -> any TraceFileWriter {
    try SQLiteFileWriter(path: path)
  }

  func openFindingWriter() throws -> any FindingWriter {
    guard exists else { throw StoreError.missing(location: path) }
    return SQLiteFindingWriter(path: path, queue: try SQLiteConnections.openForWriting(path: path))
  }

  func readSessions<T>(note: (String) -> Void, _ body: (any StoredSessionReader) throws -> T) throws -> T {
    let queue = try SQLiteConnections.openReadOnly(path: path, note: note)
    do {
      return try queue.read { db in try body(SQLiteSessionReader(db: db)) }
    } catch let error as DatabaseError {
      throw StoreError.readFailed(location: path, reason: StoreError.reason(error))
    }
  }

  func openQueries(note: (String) -> Void) throws -> any QueryRunner {
    try SQLiteQueryRunner(path: path, queue: try SQLiteConnections.openReadOnly(path: path, note: note))
  }

  func newStoreObjects() throws -> [StoredObject] {
    do {
      return try SQLiteQueryRunner.newDatabaseObjects()
    } catch let error as StoreError {
      throw error
    } catch {
      throw StoreError.cannotOpen(location: "a new database", reason: StoreError.reason(error))
    }
  }
}
