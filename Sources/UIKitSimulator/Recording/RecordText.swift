/// The JSON text of one trace record, built key by key in the order of docs/trace-format.md:
/// `{"t":2.100,"ev":"push","nav":"0x1a2b","vc":"0x3c4d","animated":true}`. Values the
/// simulator writes are ids, names and numbers it made itself: nothing needs escaping.
struct RecordText {
  private(set) var bytes: [UInt8] = []

  /// A header line: `{"traceq":1`.
  static func header() -> RecordText {
    var record = RecordText()
    record.append("{\"traceq\":1")
    return record
  }

  /// An event line at `milliseconds` since the session began.
  static func event(_ name: String, milliseconds: Int) -> RecordText {
    var record = RecordText()
    record.append("{\"t\":\(milliseconds / 1000).")
    let fraction = milliseconds % 1000
    record.append(fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)")
    record.append(",\"ev\":\"\(name)\"")
    return record
  }

  /// `,"key":"value"` for an id or a name (no quotes or backslashes in it).
  mutating func name(_ key: String, _ value: String) { append(",\"\(key)\":\"\(value)\"") }

  /// `,"key":true`.
  mutating func flag(_ key: String, _ value: Bool) { append(",\"\(key)\":\(value)") }

  /// `,"key":null`.
  mutating func null(_ key: String) { append(",\"\(key)\":null") }

  /// `,"key":42`.
  mutating func number(_ key: String, _ value: Int) { append(",\"\(key)\":\(value)") }

  /// `,"key":0.4` for `thousandths` / 1000.
  mutating func seconds(_ key: String, thousandths: Int) {
    append(",\"\(key)\":\(thousandths / 1000).\(thousandths % 1000 / 100)")
  }

  /// `,"key":["0x1","0x2"]`.
  mutating func names(_ key: String, _ values: [String]) {
    append(",\"\(key)\":[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]")
  }

  /// Ends the line.
  mutating func close() { append("}\n") }

  private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
}
