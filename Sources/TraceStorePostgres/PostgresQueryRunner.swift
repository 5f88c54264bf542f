import Foundation
import PostgresNIO
import TraceStore

/// Users' SQL on PostgreSQL (`traceq query`), in a read-only transaction (`READ ONLY`: the
/// server refuses any statement that would write) whose statements stop after `--timeout`
/// seconds (`statement_timeout`). Each statement of the text runs in turn, its rows pulled in
/// batches as they are printed.
final class PostgresQueryRunner: QueryRunner {
  private let link: PostgresLink

  init(link: PostgresLink) {
    self.link = link
  }

  deinit { link.close() }

  func run(_ sql: String, limits: QueryLimits?, _ body: (_ columns: [String], _ rows: any QueryRows) throws -> Void)
    throws
  {
    do {
      try link.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
        let milliseconds = Int64(((limits?.seconds ?? 0) * 1000).rounded(.up))
        try link.execute("SET LOCAL statement_timeout = \(max(0, milliseconds))")
        for statement in SQLStatements.split(sql) {
          let rows = try PostgresQueryRows(PostgresRowStream(link, statement))
          try body(rows.columns, rows)
        }
      }
    } catch let failure as PostgresFailure {
      throw StoreError.refused(QueryRefusal(sqlState: failure.sqlState), reason: failure.reason)
    }
  }

  func objects() throws -> [StoredObject] {
    do {
      return try Self.schemaObjects(of: link)
    } catch let failure as PostgresFailure {
      throw StoreError.readFailed(location: link.location.description, reason: failure.reason)
    }
  }

  /// The views and tables of traceq's schema in the database `link` is connected to, views
  /// first, with their columns and types.
  static func schemaObjects(of link: PostgresLink) throws -> [StoredObject] {
    let rows = try link.rows(
      """
      SELECT c.relname::text, c.relkind = 'v', a.attname::text, format_type(a.atttypid, a.atttypmod)
      FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p') AND c.relname <> 'traceq_schema'
      ORDER BY c.relkind <> 'v', c.oid, a.attnum
      """)
    var objects: [StoredObject] = []
    var current: (name: String, isView: Bool, columns: [(name: String, type: String)])?
    for row in rows {
      let (name, isView, column, type) = try row.decode((String, Bool, String, String).self)
      if current?.name != name {
        if let current {
          objects.append(StoredObject(name: current.name, isView: current.isView, columns: current.columns))
        }
        current = (name, isView, [])
      }
      current!.columns.append((column, type))
    }
    if let current {
      objects.append(StoredObject(name: current.name, isView: current.isView, columns: current.columns))
    }
    return objects
  }
}

/// The rows of one statement, each one's cells decoded when it is reached.
private final class PostgresQueryRows: QueryRows {
  private let stream: PostgresRowStream
  /// The first row, read to learn the columns, until ``step()`` reaches it.
  private var first: PostgresRow?
  private var started = false
  private var values: [StoredValue] = []
  /// The current row's text and blobs, which its cells point into until the next step.
  private var storage: [[UInt8]] = []
  let columns: [String]

  init(_ stream: PostgresRowStream) throws {
    self.stream = stream
    first = try stream.next()
    columns = first.map { $0.map(\.columnName) } ?? []
  }

  var columnCount: Int { columns.count }

  func step() throws -> Bool {
    let row: PostgresRow?
    if !started {
      started = true
      row = first
      first = nil
    } else {
      row = try stream.next()
    }
    guard let row else { return false }
    values = row.map(PostgresCells.value)
    storage = values.map { value in
      switch value {
      case .text(let text): Array(text.utf8)
      case .blob(let bytes): bytes
      default: []
      }
    }
    return true
  }

  func cell(_ index: Int) -> StoredCell {
    switch values[index] {
    case .null: return .null
    case .integer(let value): return .integer(value)
    case .real(let value): return .real(value)
    case .text: return storage[index].withUnsafeBytes { .text($0) }
    case .blob: return storage[index].withUnsafeBytes { .blob($0) }
    }
  }
}

extension QueryRefusal {
  init(sqlState: String?) {
    switch sqlState {
    case PostgresFailure.queryCanceled: self = .interrupted
    case PostgresFailure.programLimitExceeded: self = .tooBig
    case PostgresFailure.outOfMemory: self = .outOfMemory
    default: self = .other
    }
  }
}
