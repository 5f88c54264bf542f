import GRDB
import GRDBSQLite
import TraceModel

/// Reads a stored session's records for its replay (`check --db`), rebuilt from the columns
/// as the `events` view rebuilds them (``RecordForm``): the view's SQL spends about a
/// microsecond a row on lookups and text, more than the replay of the row itself.
struct StoredRecords {
  private let db: Database
  /// The event names by `event_names.id`, as written in a record, and the event each is.
  private var names: [Int64: (text: [UInt8], event: EventName?)] = [:]

  init(_ db: Database) throws {
    self.db = db
    for row in try Row.fetchAll(db, sql: "SELECT id, name FROM event_names") {
      let name: String = row["name"]
      names[row["id"]] = (Array(name.utf8), EventName(name: name))
    }
  }

  /// Calls `body` with each record of the rows `first...last` of session `session`, in order.
  func forEach(session: Int64, rows: ClosedRange<Int64>?, _ body: (RawLine) throws -> Void) throws {
    guard let rows else { return }
    var objects: [Int64: [UInt8]] = [:]
    let addresses = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, address FROM controllers WHERE session_id = ? UNION ALL
        SELECT id, address FROM popovers WHERE session_id = ?
        """, arguments: [session, session])
    while let row = try addresses.next() { objects[row["id"]] = Array((row["address"] as String).utf8) }
    let statement = try db.makeStatement(
      sql: """
        SELECT line, record, record_form, ev_id, t, vc_id, other_id, popover_id, orientation, mask, style, animated
        FROM event_rows WHERE id BETWEEN ? AND ? ORDER BY id
        """)
    try statement.setArguments([rows.lowerBound, rows.upperBound])
    let handle = statement.sqliteStatement
    var text: [UInt8] = []
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
      }
      let line = Int(sqlite3_column_int64(handle, 0))
      let record = UnsafeRawBufferPointer(
        start: sqlite3_column_text(handle, 1), count: Int(sqlite3_column_bytes(handle, 1)))
      let form = sqlite3_column_int64(handle, 2)
      if form == RecordForm.whole {
        try body(RawLine(number: line, bytes: record))
        continue
      }
      text.removeAll(keepingCapacity: true)
      SplitRow(handle, names: names, objects: objects).append(to: &text, form: form, rest: record)
      try text.withUnsafeBytes { try body(RawLine(number: line, bytes: $0)) }
    }
  }

  /// The columns of one split row, at the statement's current step.
  private struct SplitRow {
    let handle: SQLiteStatement
    let names: [Int64: (text: [UInt8], event: EventName?)]
    let objects: [Int64: [UInt8]]

    init(_ handle: SQLiteStatement, names: [Int64: (text: [UInt8], event: EventName?)], objects: [Int64: [UInt8]]) {
      self.handle = handle
      self.names = names
      self.objects = objects
    }

    /// The record: `ev`, the typed columns' members, then the members `rest` kept.
    func append(to text: inout [UInt8], form: Int64, rest: UnsafeRawBufferPointer) {
      let name = names[sqlite3_column_int64(handle, 3)]
      let event = name?.event
      text.append(contentsOf: #"{"ev":"#.utf8)
      Self.appendString(name?.text ?? [], to: &text)
      if !isNull(4), form & RecordForm.timeInRecord == 0 {
        member(.t, event, &text)
        text.append(contentsOf: "\(sqlite3_column_double(handle, 4))".utf8)
      }
      object(.vc, 5, event, &text)
      object(.other, 6, event, &text)
      object(.popover, 7, event, &text)
      if !isNull(8) {
        member(.orientation, event, &text)
        Self.appendString(columnText(8), to: &text)
      }
      if !isNull(9), form & RecordForm.maskInRecord == 0 {
        member(.mask, event, &text)
        text.append(contentsOf: String(sqlite3_column_int64(handle, 9)).utf8)
      }
      if !isNull(10) {
        member(.style, event, &text)
        Self.appendString(columnText(10), to: &text)
      }
      if !isNull(11) {
        member(.animated, event, &text)
        text.append(contentsOf: (sqlite3_column_int64(handle, 11) != 0 ? "true" : "false").utf8)
      }
      if rest.count > 2 {
        text.append(UInt8(ascii: ","))
        text.append(contentsOf: rest.dropFirst())
      } else {
        text.append(UInt8(ascii: "}"))
      }
    }

    private func object(_ column: ColumnKeys.Column, _ index: Int32, _ event: EventName?, _ text: inout [UInt8]) {
      guard !isNull(index) else { return }
      member(column, event, &text)
      Self.appendString(objects[sqlite3_column_int64(handle, index)] ?? [], to: &text)
    }

    private func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    private func columnText(_ index: Int32) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: sqlite3_column_text(handle, index), count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// `,"key":` of `column` in a record of `event`.
    private func member(_ column: ColumnKeys.Column, _ event: EventName?, _ text: inout [UInt8]) {
      let key = ColumnKeys.name(of: column, event: event)
      text.append(contentsOf: #",""#.utf8)
      text.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
      text.append(contentsOf: #"":"#.utf8)
    }

    /// A JSON string of `bytes` (quotes, backslashes and control characters escaped).
    private static func appendString<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to text: inout [UInt8]) {
      text.append(UInt8(ascii: "\""))
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
          text.append(contentsOf: [UInt8(ascii: "\\"), byte])
        case 0..<0x20:
          text.append(contentsOf: "\\u00".utf8)
          text.append(contentsOf: [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]])
        default:
          text.append(byte)
        }
      }
      text.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)
  }
}
