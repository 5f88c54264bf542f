import GRDB
import GRDBSQLite
import TraceModel

/// Reads a stored session's rows for its replay (`check --db`), in batches
/// (``SQLiteRecordBatch``) whose records are rebuilt from the columns, as the `events` view
/// rebuilds them (``RecordForm``), by the thread that replays them: the view's SQL spends about
/// a microsecond a row on lookups and text, more than the replay of the row itself, and the
/// reading thread has SQLite's own work to do.
struct StoredRecords {
  private let db: Database
  /// The event names by `event_names.id`.
  private let names: [(id: Int64, name: String)]
  /// The addresses of the objects of sessions that name more than ``objectsHeld``.
  private let lookup: StoredObjectLookup
  /// A session's addresses are read whole before its rows up to this many; past them, looked up
  /// as the rows need them (``StoredObjectLookup``), so that memory stays bounded.
  static let objectsHeld = 1 << 16

  init(_ db: Database) throws {
    self.db = db
    names = try Row.fetchAll(db, sql: "SELECT id, name FROM event_names").map { ($0["id"], $0["name"]) }
    lookup = try StoredObjectLookup(db)
  }

  /// Reads the rows `rows` of session `session` in order, handing `body` a batch each time its
  /// bytes reach `batchBytes`, and the rest at the end.
  func read(
    session: Int64, rows: ClosedRange<Int64>?, batchBytes: Int, _ body: (SQLiteRecordBatch) throws -> Void
  ) throws {
    guard let rows else { return }
    // A session's controllers and popovers share one run of ids.
    let objects = try db.makeStatement(
      sql: """
        SELECT id, address FROM controllers WHERE session_id = ? UNION ALL
        SELECT id, address FROM popovers WHERE session_id = ?
        """)
    try objects.setArguments([session, session])
    var held = 0
    var more = false
    let strings = try RecordStrings(names: names) { add in
      try Self.step(objects, in: db) { handle in
        more = held == Self.objectsHeld
        guard !more else { return false }
        add(sqlite3_column_int64(handle, 0), Self.text(handle, 1))
        held += 1
        return true
      }
    }
    let statement = try db.makeStatement(
      sql: """
        SELECT line, record, record_form, ev_id, t, vc_id, other_id, popover_id, orientation, mask, style, animated
        FROM event_rows WHERE id BETWEEN ? AND ? ORDER BY id
        """)
    try statement.setArguments([rows.lowerBound, rows.upperBound])
    let lookup = more ? lookup : nil
    var batch = SQLiteRecordBatch(strings: strings, lookup: lookup, capacity: batchBytes)
    try Self.step(statement, in: db) { row in
      try batch.append(row)
      if batch.byteCount >= batchBytes {
        try body(batch)
        batch = SQLiteRecordBatch(strings: strings, lookup: lookup, capacity: batchBytes)
      }
      return true
    }
    if !batch.isEmpty { try body(batch) }
  }

  /// Steps `statement` of `db` to its end, or until `body` returns false, handing `body` each
  /// row (SQLite's C API: these queries read every stored event, and GRDB's rows cost several
  /// times the read itself).
  static func step(_ statement: Statement, in db: Database, _ body: (SQLiteStatement) throws -> Bool) throws {
    let handle = statement.sqliteStatement
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
      }
      guard try body(handle) else { return }
    }
  }

  /// A text column's bytes, valid until the statement steps (empty for NULL).
  static func text(_ handle: SQLiteStatement, _ index: Int32) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: sqlite3_column_text(handle, index), count: Int(sqlite3_column_bytes(handle, index)))
  }
}
