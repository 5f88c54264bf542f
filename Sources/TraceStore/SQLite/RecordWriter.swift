/// How a record rebuilt from a stored row is written into a ``TextBuffer``: the batch walks the
/// row's columns and writes each string itself (both forms hold a string's bytes, quotes
/// included); a writer writes the rest, the keys, punctuation and other values, or leaves them
/// out. Each method that writes a value returns where it is, empty when it is not written.
protocol RecordWriter {
  /// Where the record is written.
  var text: TextBuffer { get }

  /// Writes a record again, into ``text``, when the scan does not hold what this writer wrote
  /// (members copied that cannot be scanned on their own); nil when the decoder scans it.
  var fallback: TextRecordWriter? { get }

  /// Writes the start of the record, up to the value of `ev`.
  func open()

  /// Writes the key of a member after the first, `name`.
  func appendKey(_ name: StaticString)

  func appendNull() -> Range<Int>

  func append(time: Double) -> Range<Int>

  /// `exact` is `mask` as a double, NaN when a double does not hold it exactly.
  func append(mask: Int64, exact: Double) -> Range<Int>

  func append(_ value: Bool) -> Range<Int>

  /// Writes the members of `object` (JSON text of an object with members) after the ones written,
  /// and ends the record.
  func appendMembers(of object: UnsafeRawBufferPointer)

  /// Ends a record whose members are all written.
  func close()
}

/// Writes a record as the JSON text of its line.
struct TextRecordWriter: RecordWriter {
  let text: TextBuffer

  /// None: the decoder scans the text, and reports what it finds as it would in a file.
  var fallback: TextRecordWriter? { nil }

  @inline(__always) func open() { text.appendLiteral("{\"ev\":") }

  @inline(__always) func appendKey(_ name: StaticString) { text.appendMemberKey(name) }

  @inline(__always) func appendNull() -> Range<Int> {
    text.appendLiteral("null")
    return text.count - 4..<text.count
  }

  @inline(__always) func append(time: Double) -> Range<Int> { text.append(time) }

  @inline(__always) func append(mask: Int64, exact: Double) -> Range<Int> { text.append(String(mask)) }

  @inline(__always) func append(_ value: Bool) -> Range<Int> {
    let start = text.count
    text.appendLiteral(value ? "true" : "false")
    return start..<text.count
  }

  @inline(__always) func appendMembers(of object: UnsafeRawBufferPointer) { text.appendMembers(of: object) }

  @inline(__always) func close() { text.appendLiteral("}") }
}

/// Writes a record's values only, for a decoder told each value's place: a number, a boolean
/// or null is in the scan alone, and no key or punctuation is written but the opening brace
/// (writing them, a time's decimal above all, cost more than decoding the record). The strings
/// are written, and the members copied as text, for the decoder to read them there.
struct ValuesRecordWriter: RecordWriter {
  let text: TextBuffer

  /// The record as text: the decoder needs it all to scan it.
  var fallback: TextRecordWriter? { TextRecordWriter(text: text) }

  /// Writes the opening brace: a decoder takes a line of blanks as no record.
  @inline(__always) func open() { text.appendLiteral("{") }

  @inline(__always) func appendKey(_ name: StaticString) {}

  @inline(__always) func appendNull() -> Range<Int> { text.count..<text.count }

  @inline(__always) func append(time: Double) -> Range<Int> { text.count..<text.count }

  /// Writes a mask a double does not hold exactly, for the decoder to parse it from its text.
  @inline(__always) func append(mask: Int64, exact: Double) -> Range<Int> {
    exact.isNaN ? text.append(String(mask)) : text.count..<text.count
  }

  @inline(__always) func append(_ value: Bool) -> Range<Int> { text.count..<text.count }

  /// Copies `object` as it is: the scan knows where its members are, brace and all.
  @inline(__always) func appendMembers(of object: UnsafeRawBufferPointer) { text.append(object) }

  @inline(__always) func close() {}
}
