import GRDB
import GRDBSQLite
import TraceModel
import TraceReading
@_spi(Bytes) import TraceSupport

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
  /// Where the addresses `strings` lacks are found (a session naming too many objects to hold).
  private let lookup: StoredObjectLookup?
  // @exclusivity(unchecked): one thread at a time holds a batch (the reading thread fills it,
  // then hands it over) and its methods do not re-enter, so the dynamic checks protect nothing.
  @exclusivity(unchecked) private var rows: [StoredRow] = []
  /// The addresses of the objects the rows name that `strings` lacks, by id, in ``bytes``.
  @exclusivity(unchecked) private var addresses: [Int64: Range<Int>] = [:]
  /// The text columns' bytes, one after another.
  private let bytes: GrowableBytes

  /// An empty batch, with room for about `capacity` bytes (see ``byteCount``).
  init(strings: RecordStrings, lookup: StoredObjectLookup?, capacity: Int) {
    self.strings = strings
    self.lookup = lookup
    rows.reserveCapacity(capacity / MemoryLayout<StoredRow>.stride + 1)
    bytes = GrowableBytes(capacity: capacity)
  }

  var isEmpty: Bool { rows.isEmpty }

  var byteCount: Int { bytes.count + rows.count * MemoryLayout<StoredRow>.stride }

  /// Copies the columns of the statement's current row, and the addresses of its objects that
  /// `strings` lacks. Each column is asked of the statement once (``Column``); a value other
  /// than 0 is not NULL, so only a 0 or `mask` (NULL in most rows) is asked its type.
  /// - Throws: what looking them up in the store threw.
  func append(_ handle: SQLiteStatement) throws {
    let form = Column(handle, 2).int64
    var row = StoredRow(line: Int(Column(handle, 0).int64), form: form, rest: copyText(Column(handle, 1)) ?? 0..<0)
    if form != RecordForm.whole {
      row.event = Column(handle, 3).int64
      let timeColumn = Column(handle, 4)
      let time = timeColumn.double
      if time != 0 || !timeColumn.isNull { row.time = time }
      row.vc = Column(handle, 5).int64
      row.other = Column(handle, 6).int64
      row.popover = Column(handle, 7).int64
      row.orientation = copyText(Column(handle, 8))
      let mask = Column(handle, 9)
      if !mask.isNull { row.mask = mask.int64 }
      row.style = copyText(Column(handle, 10))
      let animatedColumn = Column(handle, 11)
      let animated = animatedColumn.int64
      if animated != 0 || !animatedColumn.isNull { row.animated = animated != 0 }
      if let lookup {
        for id in [row.vc, row.other, row.popover] { try copyAddress(of: id, from: lookup) }
      }
    }
    rows.append(row)
  }

  /// Copies the address of object `id` into ``bytes`` unless `strings` has it or it is copied.
  private func copyAddress(of id: Int64, from lookup: StoredObjectLookup) throws {
    guard id != 0, strings.objects[id] == nil, addresses[id] == nil,
      let address = try lookup.address(of: id)
    else { return }
    addresses[id] = address.withUnsafeBytes { bytes.append($0) }
  }

  /// Copies a text column into ``bytes``; nil when it is NULL.
  private func copyText(_ column: Column) -> Range<Int>? {
    guard let start = column.text else { return nil }
    return bytes.append(UnsafeRawBufferPointer(start: start, count: column.byteCount))
  }

  func forEach(_ body: (RawLine) throws -> Void) rethrows {
    try forEach(writing: TextRecordWriter(text: TextBuffer()), body)
  }

  /// The records with their values only (``ValuesRecordWriter``); a record whose kept members
  /// cannot be scanned on their own is handed out as text, for the decoder to scan and judge
  /// whole.
  func forEachToDecode(_ body: (RawLine) throws -> Void) rethrows {
    try forEach(writing: ValuesRecordWriter(text: TextBuffer()), body)
  }

  /// Hands `body` each record as `writer` writes it, its scan with it; a record the scan does
  /// not hold is written again by the writer's ``RecordWriter/fallback``, when it has one.
  @inline(__always)
  private func forEach<Writer: RecordWriter>(writing writer: Writer, _ body: (RawLine) throws -> Void) rethrows {
    let scan = AssembledRecordScan()
    let bytes = bytes.bytes
    for row in rows {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[row.rest])
      if row.form == RecordForm.whole {
        try body(RawLine(number: row.line, bytes: rest))
        continue
      }
      var prescanned = assemble(row, rest: rest, of: bytes, with: writer, scan)
      if prescanned == nil, let fallback = writer.fallback {
        prescanned = assemble(row, rest: rest, of: bytes, with: fallback, scan)
      }
      var line = RawLine(number: row.line, bytes: writer.text.bytes)
      line.prescanned = prescanned
      try body(line)
    }
  }

  /// Writes the record of `row` with `writer`, its text emptied first; returns its scan, nil
  /// when the decoder must scan it.
  @inline(__always)
  private func assemble<Writer: RecordWriter>(
    _ row: StoredRow, rest: UnsafeRawBufferPointer, of bytes: UnsafeRawBufferPointer, with writer: Writer,
    _ scan: AssembledRecordScan
  ) -> PrescannedRecord? {
    writer.text.removeAll()
    scan.begin()
    let eventName = append(row, rest: rest, of: bytes, with: writer, scan)
    return scan.prescan(eventName: eventName)
  }

  /// The record: `ev`, the typed columns' members, then the members `rest` kept, each value's
  /// place told to `scan` (so the replay does not scan the record again). Returns the event
  /// `ev` names when it is known and written without escapes, as a scan would find it.
  private func append<Writer: RecordWriter>(
    _ row: StoredRow, rest: UnsafeRawBufferPointer, of bytes: UnsafeRawBufferPointer, with writer: Writer,
    _ scan: AssembledRecordScan
  ) -> EventName? {
    let text = writer.text
    let name = strings.names[row.event]
    let event = name?.event
    writer.open()
    if let name {
      scan.addString(.ev, at: text.append(strings.text[name.text]), hasEscapes: name.hasEscapes)
    } else {
      scan.addNull(.ev, at: writer.appendNull())
    }
    if let time = row.time, row.form & RecordForm.timeInRecord == 0 {
      let key = member(.t, event, writer)
      scan.addNumber(key, at: writer.append(time: time), value: time)
    }
    object(.vc, row.vc, event, writer, scan)
    object(.other, row.other, event, writer, scan)
    object(.popover, row.popover, event, writer, scan)
    if let orientation = row.orientation {
      appendString(
        UnsafeRawBufferPointer(rebasing: bytes[orientation]), as: member(.orientation, event, writer), text, scan)
    }
    if let mask = row.mask, row.form & RecordForm.maskInRecord == 0 {
      let key = member(.mask, event, writer)
      // A double holds every mask up to 2^53 exactly; a larger one is parsed from its text.
      let exact = mask.magnitude < 1 << 53 ? Double(mask) : .nan
      scan.addNumber(key, at: writer.append(mask: mask, exact: exact), value: exact)
    }
    if let style = row.style {
      appendString(UnsafeRawBufferPointer(rebasing: bytes[style]), as: member(.style, event, writer), text, scan)
    }
    if let animated = row.animated {
      let key = member(.animated, event, writer)
      scan.addBool(key, at: writer.append(animated), value: animated)
    }
    if rest.count > 2 {
      scan.addMembers(of: rest, at: text.count)
      writer.appendMembers(of: rest)
    } else {
      writer.close()
    }
    return name?.hasEscapes == false ? event : nil
  }

  @inline(__always)
  private func object<Writer: RecordWriter>(
    _ column: ColumnKeys.Column, _ id: Int64, _ event: EventName?, _ writer: Writer, _ scan: AssembledRecordScan
  ) {
    guard id != 0 else { return }
    guard let address = strings.objects[id] else { return lookedUpObject(column, id, event, writer, scan) }
    let key = member(column, event, writer)
    scan.addString(key, at: writer.text.append(strings.text[address.text]), hasEscapes: address.hasEscapes)
  }

  /// ``object(_:_:_:_:_:)`` for an object whose address was looked up (kept out of line: only
  /// sessions naming very many objects have them).
  @inline(never)
  private func lookedUpObject<Writer: RecordWriter>(
    _ column: ColumnKeys.Column, _ id: Int64, _ event: EventName?, _ writer: Writer, _ scan: AssembledRecordScan
  ) {
    guard let address = addresses[id] else { return }
    appendString(bytes[address], as: member(column, event, writer), writer.text, scan)
  }

  /// Appends `value` as a JSON string, the value of `key`.
  private func appendString(
    _ value: UnsafeRawBufferPointer, as key: RecordKey, _ text: TextBuffer, _ scan: AssembledRecordScan
  ) {
    let quoted = text.appendQuoted(value)
    scan.addString(key, at: quoted, hasEscapes: quoted.count != value.count + 2)
  }

  /// Has `writer` write the key of `column` in a record of `event`; returns the key.
  @inline(__always)
  private func member<Writer: RecordWriter>(
    _ column: ColumnKeys.Column, _ event: EventName?, _ writer: Writer
  ) -> RecordKey {
    let (name, key) = ColumnKeys.member(of: column, event: event)
    writer.appendKey(name)
    return key
  }
}

/// A column of a statement's current row, asked of the statement once (`sqlite3_column_value`)
/// and then read as a value: each `sqlite3_column_*` call enters and leaves the statement's API
/// (its connection's lock, its error state), and asking a column its type or its text's length
/// that way doubled the calls (reading values: 7 % less CPU for `check --db`). SQLite calls the
/// value unprotected and reading it not thread-safe: the reading thread holds the connection
/// alone while the statement steps, and reads the value before the statement steps again.
private struct Column {
  private let value: OpaquePointer

  init(_ handle: SQLiteStatement, _ index: Int32) {
    value = sqlite3_column_value(handle, index)
  }

  var isNull: Bool { sqlite3_value_type(value) == SQLITE_NULL }
  var int64: Int64 { sqlite3_value_int64(value) }
  var double: Double { sqlite3_value_double(value) }
  /// The text's bytes, valid until the statement steps; nil for NULL.
  var text: UnsafePointer<UInt8>? { sqlite3_value_text(value) }
  /// The text's length in bytes; ask after ``text``.
  var byteCount: Int { Int(sqlite3_value_bytes(value)) }
}

/// The event names and a session's addresses as JSON strings, quoted once, one after another in
/// one buffer; shared by the session's batches and read only once made.
final class RecordStrings: @unchecked Sendable {
  /// Where a string is in ``RecordStrings/text`` (its quotes included), and whether quoting it
  /// escaped a character.
  fileprivate struct Quoted {
    var text: Range<Int>
    var hasEscapes: Bool
  }

  fileprivate private(set) var text = TextBuffer()
  /// Each event name, and the event it is, by `event_names.id`.
  fileprivate let names: IDTable<(text: Range<Int>, hasEscapes: Bool, event: EventName?)>
  /// Each address, by controller or popover id.
  fileprivate let objects: IDTable<Quoted>

  /// The strings of `names` and of the objects `objects` adds, each with its id (an address's
  /// bytes need only last the call).
  init(
    names: [(id: Int64, name: String)],
    objects: (_ add: (_ id: Int64, _ address: UnsafeRawBufferPointer) -> Void) throws -> Void
  ) rethrows {
    let text = TextBuffer()
    func quote(_ bytes: UnsafeRawBufferPointer) -> Quoted {
      let range = text.appendQuoted(bytes)
      return Quoted(text: range, hasEscapes: range.count != bytes.count + 2)
    }
    self.names = IDTable(
      names.map { name in
        var string = name.name
        let quoted = string.withUTF8 { quote(UnsafeRawBufferPointer($0)) }
        return (name.id, (quoted.text, quoted.hasEscapes, EventName(name: name.name)))
      })
    var addresses: [(id: Int64, value: Quoted)] = []
    try objects { id, address in addresses.append((id, quote(address))) }
    self.objects = IDTable(addresses)
    self.text = text
  }
}
