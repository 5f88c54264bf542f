import Foundation
import GRDB
import GRDBSQLite

/// A value of a result row, as SQLite stores it.
public enum StoredValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// A read-only connection to a traceq database, for SQL over the tables and views of
/// `docs/schema.md`. SQLite refuses any statement that would write.
public final class StoreReader {
  private let queue: DatabaseQueue

  /// Opens the database at `path` read-only. A WAL database on read-only media is opened as
  /// an immutable file, and `note` says so.
  /// - Throws: ``StoreError/missing(path:)``, ``StoreError/cannotOpen(path:reason:)``.
  public init(path: String, note: (String) -> Void = { _ in }) throws {
    queue = try TraceStore.openReadOnly(path: path, note: note)
  }

  /// Runs each statement of `sql` in turn, within `limits`; `body` receives each one's column
  /// names and its rows.
  /// - Throws: ``StoreError/refused(_:reason:)`` when SQLite refuses or stops a statement, or
  ///   what `body` throws.
  public func execute(
    _ sql: String, limits: QueryLimits? = nil, _ body: (_ columns: [String], _ rows: StoredRows) throws -> Void
  ) throws {
    do {
      try queue.read { db in
        func run() throws {
          let statements = try db.allStatements(sql: sql)
          while let statement = try statements.next() {
            try body(statement.columnNames, StoredRows(try Row.fetchCursor(statement)))
          }
        }
        if let limits { try limits.apply(to: db, run) } else { try run() }
      }
    } catch let error as DatabaseError {
      throw StoreError.refused(QueryRefusal(error.resultCode), reason: error.message ?? "\(error.resultCode)")
    }
  }

  /// The tables and views a query can use, views first, with their columns.
  public func objects() throws -> [StoredObject] {
    try queue.read(StoredObject.all)
  }

  /// The tables and views of a new database (the schema this traceq writes).
  public static func newDatabaseObjects() throws -> [StoredObject] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("traceq-schema-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try TraceStore.openForWriting(path: directory.appendingPathComponent("schema.db").path).read(
      StoredObject.all)
  }

  /// The rows of `sql`'s statements, all at once (for small results).
  public func rows(_ sql: String) throws -> [[StoredValue]] {
    var all: [[StoredValue]] = []
    try execute(sql) { _, rows in
      while let row = try rows.next() { all.append(row) }
    }
    return all
  }
}

/// A value of the current row of ``StoredRows``, without a copy: text and blobs point into
/// SQLite's memory, valid until the rows move on.
public enum StoredCell {
  case null
  case integer(Int64)
  case real(Double)
  case text(UnsafeRawBufferPointer)
  case blob(UnsafeRawBufferPointer)

  /// The value as an owned ``StoredValue`` (text with invalid UTF-8 repaired).
  public var value: StoredValue {
    switch self {
    case .null: .null
    case .integer(let int): .integer(int)
    case .real(let double): .real(double)
    case .text(let bytes): .text(String(decoding: bytes, as: UTF8.self))
    case .blob(let bytes): .blob(Array(bytes))
    }
  }
}

/// The rows of one statement, read one at a time: ``next()`` copies a row's values,
/// ``step()`` and ``cell(_:)`` read them where SQLite holds them (for printing large results).
public final class StoredRows {
  private let cursor: RowCursor
  private let statement: SQLiteStatement
  /// The number of columns of each row.
  public let columnCount: Int

  fileprivate init(_ cursor: RowCursor) {
    self.cursor = cursor
    statement = cursor._statement.sqliteStatement
    columnCount = cursor._statement.columnCount
  }

  /// Moves to the next row; false after the last.
  public func step() throws -> Bool {
    try cursor.next() != nil
  }

  /// The value of column `index` (from 0) of the current row, valid until the next ``step()``.
  public func cell(_ index: Int) -> StoredCell {
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

  /// The current row's values in column order, copied.
  public var values: [StoredValue] { (0..<columnCount).map { cell($0).value } }

  /// The next row's values in column order, or nil after the last.
  public func next() throws -> [StoredValue]? {
    try step() ? values : nil
  }
}

/// A table or view of a traceq database.
public struct StoredObject: Sendable {
  public let name: String
  public let isView: Bool
  /// Each column's name and declared type (empty for a view's columns).
  public let columns: [(name: String, type: String)]

  fileprivate static func all(_ db: Database) throws -> [StoredObject] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT name, type FROM sqlite_master
        WHERE type IN ('table', 'view') AND name NOT LIKE 'grdb_%' AND name NOT LIKE 'sqlite_%'
        ORDER BY type = 'table', rowid
        """
    ).map { object in
      let name: String = object["name"]
      let type: String = object["type"]
      return StoredObject(
        name: name, isView: type == "view", columns: try db.columns(in: name).map { ($0.name, $0.type) })
    }
  }
}
