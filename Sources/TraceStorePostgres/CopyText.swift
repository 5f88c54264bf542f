import TraceModel
import TraceStore
import TraceSupport

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN`: columns separated by tabs,
/// rows ended by a newline, `\N` for NULL, and backslash, tab, newline and carriage return
/// escaped with a backslash. Text that PostgreSQL cannot hold is repaired on the way: a NUL
/// character becomes U+FFFD, invalid UTF-8 is replaced as Swift's String does, and in JSON the
/// escape `\u0000` (which `jsonb` refuses) becomes `\ufffd`.
struct CopyText {
  private(set) var bytes: [UInt8] = []
  /// Whether the next column is the row's first (no tab before it).
  private var atRowStart = true

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  var count: Int { bytes.count }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    atRowStart = true
  }

  /// Ends the row.
  @inline(__always)
  mutating func endRow() {
    bytes.append(UInt8(ascii: "\n"))
    atRowStart = true
  }

  @inline(__always)
  private mutating func separate() {
    if atRowStart { atRowStart = false } else { bytes.append(UInt8(ascii: "\t")) }
  }

  @inline(__always)
  mutating func null() {
    separate()
    bytes.append(UInt8(ascii: "\\"))
    bytes.append(UInt8(ascii: "N"))
  }

  @inline(__always)
  mutating func int(_ value: Int64) {
    separate()
    bytes.appendDecimal(value)
  }

  @inline(__always)
  mutating func int(_ value: Int64?) {
    if let value { int(value) } else { null() }
  }

  mutating func int(_ value: Int?) {
    int(value.map(Int64.init))
  }

  /// A `double precision`: Swift's shortest spelling, which PostgreSQL reads back exactly.
  @inline(__always)
  mutating func double(_ value: Double?) {
    guard let value else { return null() }
    separate()
    bytes.append(contentsOf: value.description.utf8)
  }

  @inline(__always)
  mutating func bool(_ value: Bool?) {
    guard let value else { return null() }
    separate()
    bytes.append(value ? UInt8(ascii: "t") : UInt8(ascii: "f"))
  }

  /// A name known to be plain ASCII without anything to escape.
  @inline(__always)
  mutating func plain(_ value: StaticString?) {
    guard let value else { return null() }
    separate()
    value.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func text(_ value: String?) {
    guard var value else { return null() }
    separate()
    value.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), json: false) }
  }

  /// A value as the column of its kind takes it; a blob in `bytea`'s hex form (`\x…`, its
  /// backslash doubled for COPY).
  mutating func value(_ value: StoredValue) {
    switch value {
    case .null: null()
    case .integer(let integer): int(integer)
    case .real(let real): double(real)
    case .text(let string): text(string)
    case .blob(let data):
      separate()
      bytes.append(contentsOf: #"\\x"#.utf8)
      let digits = Array("0123456789abcdef".utf8)
      for byte in data {
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 15)])
      }
    }
  }

  /// JSON text (a record): escaped, repaired, and `\u0000` made `\ufffd`.
  @inline(__always)
  mutating func json(_ value: UnsafeRawBufferPointer) {
    separate()
    appendEscaped(value, json: true)
  }

  private mutating func appendEscaped(_ value: UnsafeRawBufferPointer, json: Bool) {
    var index = 0
    var plainFrom = 0
    var restIsUTF8 = false
    while index < value.count {
      let byte = value[index]
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0:
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[plainFrom..<index]))
        appendEscape(byte, in: value, at: &index, json: json)
        plainFrom = index
      case 0x80... where !restIsUTF8:
        // Not ASCII: valid UTF-8 is kept as it is (checked once), anything else repaired.
        let rest = UnsafeRawBufferPointer(rebasing: value[plainFrom...])
        var repaired = String(decoding: rest, as: UTF8.self)
        guard repaired.utf8.elementsEqual(rest) else {
          repaired.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), json: json) }
          return
        }
        restIsUTF8 = true
        index += 1
      default:
        index += 1
      }
    }
    bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: value[plainFrom..<index]))
  }

  /// Appends the escape of `value[index]` and moves `index` past what it consumed.
  private mutating func appendEscape(_ byte: UInt8, in value: UnsafeRawBufferPointer, at index: inout Int, json: Bool) {
    switch byte {
    case 0:
      bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
    case UInt8(ascii: "\t"):
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
    case UInt8(ascii: "\n"):
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
    case UInt8(ascii: "\r"):
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
    default:
      bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      guard json, index + 1 < value.count else { break }
      // In JSON a backslash starts an escape: copy it whole, so that `\\u0000` (an escaped
      // backslash, then text) is not read as `\u0000`.
      let next = value[index + 1]
      if next == UInt8(ascii: "u"), index + 5 < value.count,
        value[index + 2] == UInt8(ascii: "0"), value[index + 3] == UInt8(ascii: "0"),
        value[index + 4] == UInt8(ascii: "0"), value[index + 5] == UInt8(ascii: "0")
      {
        bytes.append(contentsOf: Array("ufffd".utf8))
        index += 6
        return
      }
      if next == UInt8(ascii: "\\") {
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      } else {
        bytes.append(next)
      }
      index += 2
      return
    }
    index += 1
  }
}
