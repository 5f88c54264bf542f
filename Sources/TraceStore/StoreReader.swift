import Foundation
import GRDB

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

/// The rows of one statement, read one at a time.
public final class StoredRows {
  private let cursor: RowCursor

  fileprivate init(_ cursor: RowCursor) { self.cursor = cursor }

  /// The next row's values in column order, or nil after the last.
  public func next() throws -> [StoredValue]? {
    guard let row = try cursor.next() else { return nil }
    return row.databaseValues.map { value in
      switch value.storage {
      case .null: .null
      case .int64(let int): .integer(int)
      case .double(let double): .real(double)
      case .string(let string): .text(string)
      case .blob(let data): .blob(Array(data))
      }
    }
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
