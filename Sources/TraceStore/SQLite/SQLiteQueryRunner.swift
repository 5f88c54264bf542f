import Foundation
import GRDB
import GRDBSQLite

/// A read-only connection to a traceq database, for SQL over the tables and views of
/// `docs/schema.md`. SQLite refuses any statement that would write, and the user's SQL is
/// treated as untrusted (``UntrustedSQLGuard``): it may read the database and nothing else.
struct SQLiteQueryRunner: QueryRunner {
  let path: String
  let queue: DatabaseQueue
  private let guarding: UntrustedSQLGuard

  init(path: String, queue: DatabaseQueue) throws {
    self.path = path
    self.queue = queue
    do {
      guarding = try UntrustedSQLGuard(on: queue)
    } catch {
      throw StoreError.cannotOpen(location: path, reason: StoreError.reason(error))
    }
  }

  func run(_ sql: String, limits: QueryLimits?, _ body: (_ columns: [String], _ rows: any QueryRows) throws -> Void)
    throws
  {
    do {
      try queue.read { db in
        func run() throws {
          let statements = try db.allStatements(sql: sql)
          while let statement = try statements.next() {
            try body(statement.columnNames, try SQLiteRows(statement))
          }
        }
        try guarding.whileGuarding {
          if let limits { try limits.apply(to: db, run) } else { try run() }
        }
      }
    } catch let error as DatabaseError {
      if let refusal = guarding.refusal {
        throw StoreError.refused(.notAllowed, reason: refusal)
      }
      throw StoreError.refused(QueryRefusal(error.resultCode), reason: error.message ?? "\(error.resultCode)")
    }
  }

  func objects() throws -> [StoredObject] {
    do {
      return try queue.read(Self.objects)
    } catch {
      throw StoreError.readFailed(location: path, reason: StoreError.reason(error))
    }
  }

  /// The tables and views of a new database (the schema this traceq writes).
  static func newDatabaseObjects() throws -> [StoredObject] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("traceq-schema-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try SQLiteConnections.openForWriting(path: directory.appendingPathComponent("schema.db").path).read(objects)
  }

  /// The views, `events` first (the one to start with, docs/schema.md: schema v11 made it again
  /// after the others), then the tables, each in the order it was made.
  private static func objects(_ db: Database) throws -> [StoredObject] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT name, type FROM sqlite_master
        WHERE type IN ('table', 'view') AND name NOT LIKE 'grdb_%' AND name NOT LIKE 'sqlite_%'
        ORDER BY type = 'table', name <> 'events', rowid
        """
    ).map { object in
      let name: String = object["name"]
      let type: String = object["type"]
      return StoredObject(
        name: name, isView: type == "view", columns: try db.columns(in: name).map { ($0.name, $0.type) })
    }
  }
}

/// The rows of one statement, stepped with GRDB's cursor and read with SQLite's C API where
/// SQLite holds them.
private final class SQLiteRows: QueryRows {
  private let cursor: RowCursor
  private let statement: SQLiteStatement
  let columnCount: Int

  init(_ statement: Statement) throws {
    cursor = try Row.fetchCursor(statement)
    self.statement = statement.sqliteStatement
    columnCount = statement.columnCount
  }

  func step() throws -> Bool {
    try cursor.next() != nil
  }

  func cell(_ index: Int) -> StoredCell {
    let column = Int32(index)
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(statement, column))
    case SQLITE_TEXT:
      let start = sqlite3_column_text(statement, column)
      return .text(UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column))))
    case SQLITE_BLOB:
      let start = sqlite3_column_blob(statement, column)
      return .blob(UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column))))
    default:
      return .null
    }
  }
}

extension QueryRefusal {
  init(_ code: ResultCode) {
    switch code {
    case .SQLITE_INTERRUPT: self = .interrupted
    case .SQLITE_TOOBIG: self = .tooBig
    case .SQLITE_NOMEM: self = .outOfMemory
    default: self = .other
    }
  }
}
