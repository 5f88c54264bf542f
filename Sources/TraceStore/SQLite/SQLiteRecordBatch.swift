import GRDB
import GRDBSQLite
import TraceModel

/// Rows of one stored session as read from `event_rows`, not yet rebuilt into records: the
/// reading thread copies the columns in (``append(_:)``), the replaying thread rebuilds each
/// record (``forEach(_:)``). Not changed once handed over.
final class SQLiteRecordBatch: StoredRecordBatch, @unchecked Sendable {
  /// The columns of a row; text columns as ranges of ``bytes``.
  private struct StoredRow {
    var line: Int
    var form: Int64
    /// `record`: the whole line, or the members the columns do not hold.
    var rest: Range<Int>
    var event: Int64 = 0
    var time: Double?
    /// Object ids (0: NULL; an object's id is never 0).
    var vc: Int64 = 0
    var other: Int64 = 0
    var popover: Int64 = 0
    var orientation: Range<Int>?
    var mask: Int64?
    var style: Range<Int>?
    var animated: Bool?
  }

  private let strings: RecordStrings
  private var rows: [StoredRow] = []
  private var bytes: [UInt8] = []

  init(strings: RecordStrings) {
    self.strings = strings
  }

  var isEmpty: Bool { rows.isEmpty }

  var byteCount: Int { bytes.count + rows.count * MemoryLayout<StoredRow>.stride }

  /// Copies the columns of the statement's current row, each read with as few calls to SQLite
  /// as it allows (a value other than 0 is not NULL).
  func append(_ handle: SQLiteStatement) {
    let form = sqlite3_column_int64(handle, 2)
    var row = StoredRow(
      line: Int(sqlite3_column_int64(handle, 0)), form: form, rest: copyText(handle, 1) ?? 0..<0)
    if form != RecordForm.whole {
      row.event = sqlite3_column_int64(handle, 3)
      let time = sqlite3_column_double(handle, 4)
      if time != 0 || !isNull(handle, 4) { row.time = time }
      row.vc = sqlite3_column_int64(handle, 5)
      row.other = sqlite3_column_int64(handle, 6)
      row.popover = sqlite3_column_int64(handle, 7)
      row.orientation = copyText(handle, 8)
      let mask = sqlite3_column_int64(handle, 9)
      if mask != 0 || !isNull(handle, 9) { row.mask = mask }
      row.style = copyText(handle, 10)
      let animated = sqlite3_column_int64(handle, 11)
      if animated != 0 || !isNull(handle, 11) { row.animated = animated != 0 }
    }
    rows.append(row)
  }

  private func isNull(_ handle: SQLiteStatement, _ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Copies a text column into ``bytes``; nil when it is NULL.
  private func copyText(_ handle: SQLiteStatement, _ index: Int32) -> Range<Int>? {
    guard let start = sqlite3_column_text(handle, index) else { return nil }
    let text = UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, index)))
    bytes.append(contentsOf: text)
    return bytes.count - text.count..<bytes.count
  }

  func forEach(_ body: (RawLine) throws -> Void) rethrows {
    var text = TextBuffer()
    try bytes.withUnsafeBytes { bytes in
      for row in rows {
        let rest = UnsafeRawBufferPointer(rebasing: bytes[row.rest])
        if row.form == RecordForm.whole {
          try body(RawLine(number: row.line, bytes: rest))
          continue
        }
        text.count = 0
        append(row, rest: rest, of: bytes, to: &text)
        try body(RawLine(number: row.line, bytes: text.bytes))
      }
    }
  }

  /// The record: `ev`, the typed columns' members, then the members `rest` kept.
  private func append(
    _ row: StoredRow, rest: UnsafeRawBufferPointer, of bytes: UnsafeRawBufferPointer, to text: inout TextBuffer
  ) {
    let name = strings.names[row.event]
    let event = name?.event
    text.appendLiteral("{\"ev\":")
    if let name { text.append(strings.text[name.text]) } else { text.appendLiteral("null") }
    if let time = row.time, row.form & RecordForm.timeInRecord == 0 {
      member(.t, event, &text)
      text.append(time.description)
    }
    object(.vc, row.vc, event, &text)
    object(.other, row.other, event, &text)
    object(.popover, row.popover, event, &text)
    if let orientation = row.orientation {
      member(.orientation, event, &text)
      text.appendQuoted(UnsafeRawBufferPointer(rebasing: bytes[orientation]))
    }
    if let mask = row.mask, row.form & RecordForm.maskInRecord == 0 {
      member(.mask, event, &text)
      text.append(String(mask))
    }
    if let style = row.style {
      member(.style, event, &text)
      text.appendQuoted(UnsafeRawBufferPointer(rebasing: bytes[style]))
    }
    if let animated = row.animated {
      member(.animated, event, &text)
      text.appendLiteral(animated ? "true" : "false")
    }
    if rest.count > 2 {
      text.appendLiteral(",")
      text.append(UnsafeRawBufferPointer(rebasing: rest.dropFirst()))
    } else {
      text.appendLiteral("}")
    }
  }

  private func object(_ column: ColumnKeys.Column, _ id: Int64, _ event: EventName?, _ text: inout TextBuffer) {
    guard id != 0, let address = strings.objects[id] else { return }
    member(column, event, &text)
    text.append(strings.text[address])
  }

  /// `,"key":` of `column` in a record of `event`.
  private func member(_ column: ColumnKeys.Column, _ event: EventName?, _ text: inout TextBuffer) {
    text.appendLiteral(",\"")
    text.appendLiteral(ColumnKeys.name(of: column, event: event))
    text.appendLiteral("\":")
  }
}

/// The event names and a session's addresses as JSON strings, quoted once, one after another in
/// one buffer; shared by the session's batches and read only once made.
final class RecordStrings: @unchecked Sendable {
  fileprivate private(set) var text = TextBuffer()
  /// Where each event name is in ``text``, and the event it is, by `event_names.id`.
  fileprivate let names: IDTable<(text: Range<Int>, event: EventName?)>
  /// Where each address is in ``text``, by controller or popover id.
  fileprivate let objects: IDTable<Range<Int>>

  init(names: [(id: Int64, name: String)], objects: [(id: Int64, address: String)]) {
    var text = TextBuffer()
    self.names = IDTable(names.map { ($0.id, (text.appendQuoted($0.name), EventName(name: $0.name))) })
    self.objects = IDTable(objects.map { ($0.id, text.appendQuoted($0.address)) })
    self.text = text
  }
}
