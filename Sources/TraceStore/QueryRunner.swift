/// A value of a result row, with its type.
package enum StoredValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension StoredValue {
  /// The value if it is an integer.
  package var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
  /// The value if it is text.
  package var text: String? { if case .text(let value) = self { value } else { nil } }
}

/// A value of the current row of ``QueryRows``, without a copy: text and blobs point into the
/// backend's memory, valid until the rows move on.
package enum StoredCell {
  case null
  case integer(Int64)
  case real(Double)
  case text(UnsafeRawBufferPointer)
  case blob(UnsafeRawBufferPointer)

  /// The value as an owned ``StoredValue`` (text with invalid UTF-8 repaired).
  package var value: StoredValue {
    switch self {
    case .null: .null
    case .integer(let int): .integer(int)
    case .real(let double): .real(double)
    case .text(let bytes): .text(String(decoding: bytes, as: UTF8.self))
    case .blob(let bytes): .blob(Array(bytes))
    }
  }
}

/// The rows of one statement, read one at a time: ``step()`` moves on, ``cell(_:)`` reads a
/// value where the backend holds it (for printing large results).
package protocol QueryRows: AnyObject {
  /// The number of columns of each row.
  var columnCount: Int { get }
  /// Moves to the next row; false after the last.
  func step() throws -> Bool
  /// The value of column `index` (from 0) of the current row, valid until the next ``step()``.
  func cell(_ index: Int) -> StoredCell
}

extension QueryRows {
  /// The current row's values in column order, copied.
  package var values: [StoredValue] { (0..<columnCount).map { cell($0).value } }

  /// The next row's values in column order, or nil after the last.
  package func next() throws -> [StoredValue]? {
    try step() ? values : nil
  }
}

/// Runs users' SQL over the tables and views of `docs/schema.md`, read-only: the backend
/// refuses any statement that would write.
package protocol QueryRunner {
  /// Runs each statement of `sql` in turn, within `limits`; `body` receives each one's column
  /// names and its rows.
  /// - Throws: ``StoreError/refused(_:reason:)`` when the backend refuses or stops a
  ///   statement, or what `body` throws.
  func run(_ sql: String, limits: QueryLimits?, _ body: (_ columns: [String], _ rows: any QueryRows) throws -> Void)
    throws
  /// The tables and views a query can use, views first, with their columns.
  func objects() throws -> [StoredObject]
}

extension QueryRunner {
  /// The rows of `sql`'s statements, all at once (for small results).
  package func rows(_ sql: String) throws -> [[StoredValue]] {
    var all: [[StoredValue]] = []
    try run(sql, limits: nil) { _, rows in
      while let row = try rows.next() { all.append(row) }
    }
    return all
  }
}

/// A table or view of a store.
package struct StoredObject: Sendable {
  package let name: String
  package let isView: Bool
  /// Each column's name and declared type (empty where the backend declares none, as for a
  /// SQLite view's columns).
  package let columns: [(name: String, type: String)]

  package init(name: String, isView: Bool, columns: [(name: String, type: String)]) {
    self.name = name
    self.isView = isView
    self.columns = columns
  }
}
