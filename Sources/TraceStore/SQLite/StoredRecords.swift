import GRDB
import GRDBSQLite
import TraceModel

/// Reads a stored session's records for its replay (`check --db`), rebuilt from the columns
/// as the `events` view rebuilds them (``RecordForm``): the view's SQL spends about a
/// microsecond a row on lookups and text, more than the replay of the row itself. Names and
/// addresses are kept as JSON strings, quoted once, one after another in one buffer.
struct StoredRecords {
  private let db: Database
  /// Quoted event names and addresses, one after another.
  private var strings = TextBuffer()
  /// The event names by `event_names.id`: where each is in ``strings``, and the event it is.
  private let names: IDTable<(text: Range<Int>, event: EventName?)>
  private let stringsBeforeObjects: Int

  init(_ db: Database) throws {
    self.db = db
    var names: [(id: Int64, value: (text: Range<Int>, event: EventName?))] = []
    for row in try Row.fetchAll(db, sql: "SELECT id, name FROM event_names") {
      let name: String = row["name"]
      names.append((row["id"], (strings.appendQuoted(name), EventName(name: name))))
    }
    self.names = IDTable(names)
    stringsBeforeObjects = strings.count
  }

  /// Calls `body` with each record of the rows `first...last` of session `session`, in order.
  mutating func forEach(session: Int64, rows: ClosedRange<Int64>?, _ body: (RawLine) throws -> Void) throws {
    guard let rows else { return }
    strings.count = stringsBeforeObjects
    // A session's controllers and popovers share one run of ids.
    var addresses: [(id: Int64, value: Range<Int>)] = []
    let objects = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, address FROM controllers WHERE session_id = ? UNION ALL
        SELECT id, address FROM popovers WHERE session_id = ?
        """, arguments: [session, session])
    while let row = try objects.next() { addresses.append((row["id"], strings.appendQuoted(row["address"] as String))) }
    let statement = try db.makeStatement(
      sql: """
        SELECT line, record, record_form, ev_id, t, vc_id, other_id, popover_id, orientation, mask, style, animated
        FROM event_rows WHERE id BETWEEN ? AND ? ORDER BY id
        """)
    try statement.setArguments([rows.lowerBound, rows.upperBound])
    let handle = statement.sqliteStatement
    var text = TextBuffer()
    let row = SplitRow(handle: handle, strings: strings, names: names, objects: IDTable(addresses))
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
      text.count = 0
      row.append(to: &text, form: form, rest: record)
      try body(RawLine(number: line, bytes: text.bytes))
    }
  }

  /// The columns of a split row, at the statement's current step.
  private struct SplitRow {
    let handle: SQLiteStatement
    let strings: TextBuffer
    let names: IDTable<(text: Range<Int>, event: EventName?)>
    let objects: IDTable<Range<Int>>

    /// The record: `ev`, the typed columns' members, then the members `rest` kept.
    func append(to text: inout TextBuffer, form: Int64, rest: UnsafeRawBufferPointer) {
      let name = names[sqlite3_column_int64(handle, 3)]
      let event = name?.event
      text.appendLiteral("{\"ev\":")
      if let name { text.append(strings[name.text]) } else { text.appendLiteral("null") }
      if !isNull(4), form & RecordForm.timeInRecord == 0 {
        member(.t, event, &text)
        text.append(sqlite3_column_double(handle, 4).description)
      }
      object(.vc, 5, event, &text)
      object(.other, 6, event, &text)
      object(.popover, 7, event, &text)
      if !isNull(8) {
        member(.orientation, event, &text)
        text.appendQuoted(columnText(8))
      }
      if !isNull(9), form & RecordForm.maskInRecord == 0 {
        member(.mask, event, &text)
        text.append(String(sqlite3_column_int64(handle, 9)))
      }
      if !isNull(10) {
        member(.style, event, &text)
        text.appendQuoted(columnText(10))
      }
      if !isNull(11) {
        member(.animated, event, &text)
        text.appendLiteral(sqlite3_column_int64(handle, 11) != 0 ? "true" : "false")
      }
      if rest.count > 2 {
        text.appendLiteral(",")
        text.append(UnsafeRawBufferPointer(rebasing: rest.dropFirst()))
      } else {
        text.appendLiteral("}")
      }
    }

    private func object(_ column: ColumnKeys.Column, _ index: Int32, _ event: EventName?, _ text: inout TextBuffer) {
      guard !isNull(index), let address = objects[sqlite3_column_int64(handle, index)] else { return }
      member(column, event, &text)
      text.append(strings[address])
    }

    private func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    private func columnText(_ index: Int32) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: sqlite3_column_text(handle, index), count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// `,"key":` of `column` in a record of `event`.
    private func member(_ column: ColumnKeys.Column, _ event: EventName?, _ text: inout TextBuffer) {
      text.appendLiteral(",\"")
      text.appendLiteral(ColumnKeys.name(of: column, event: event))
      text.appendLiteral("\":")
    }
  }
}

/// Bytes appended at a stable address, reused from record to record.
private struct TextBuffer {
  private final class Storage {
    var base = UnsafeMutableRawPointer.allocate(byteCount: 1 << 12, alignment: 8)
    var capacity = 1 << 12
    deinit { base.deallocate() }
  }

  private let storage = Storage()
  var count = 0

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.base, count: count) }

  subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage.base + range.lowerBound, count: range.count)
  }

  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress { (storage.base + count).copyMemory(from: source, byteCount: bytes.count) }
    count += bytes.count
  }

  mutating func appendLiteral(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `text` as a JSON string; returns where it is.
  @discardableResult
  mutating func appendQuoted(_ text: String) -> Range<Int> {
    var text = text
    return text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `bytes` as a JSON string (quotes, backslashes and control characters escaped).
  @discardableResult
  mutating func appendQuoted(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    let start = count
    reserve(bytes.count * 6 + 2)
    let output = storage.base.assumingMemoryBound(to: UInt8.self)
    output[count] = UInt8(ascii: "\"")
    count += 1
    for byte in bytes {
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        output[count] = UInt8(ascii: "\\")
        output[count + 1] = byte
        count += 2
      } else if byte < 0x20 {
        let hex: StaticString = "0123456789abcdef"
        for (offset, digit) in [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30].enumerated() {
          output[count + offset] = digit
        }
        output[count + 4] = hex.utf8Start[Int(byte >> 4)]
        output[count + 5] = hex.utf8Start[Int(byte & 0xF)]
        count += 6
      } else {
        output[count] = byte
        count += 1
      }
    }
    output[count] = UInt8(ascii: "\"")
    count += 1
    return start..<count
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > storage.capacity else { return }
    let capacity = max(storage.capacity * 2, count + extra)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    grown.copyMemory(from: storage.base, byteCount: count)
    storage.base.deallocate()
    storage.base = grown
    storage.capacity = capacity
  }
}
