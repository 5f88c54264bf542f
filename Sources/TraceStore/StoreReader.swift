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

  /// Opens the database at `path` read-only.
  /// - Throws: ``StoreError/missing(path:)`` or ``StoreError/cannotOpen(path:reason:)``.
  public init(path: String) throws {
    queue = try TraceStore.openReadOnly(path: path)
  }

  /// Runs each statement of `sql` in turn; `body` receives each one's column names and its rows.
  /// - Throws: ``StoreError/refused(reason:)`` when SQLite refuses a statement, or what `body` throws.
  public func execute(_ sql: String, _ body: (_ columns: [String], _ rows: StoredRows) throws -> Void) throws {
    do {
      try queue.read { db in
        let statements = try db.allStatements(sql: sql)
        while let statement = try statements.next() {
          try body(statement.columnNames, StoredRows(try Row.fetchCursor(statement)))
        }
      }
    } catch let error as DatabaseError {
      throw StoreError.refused(reason: StoreError.reason(error))
    }
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
