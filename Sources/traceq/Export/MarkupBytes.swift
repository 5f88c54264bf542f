/// Markup written straight into UTF-8 bytes: the timelines' tens of thousands of bars, which
/// string interpolation built piece by piece (a string per number) in a seventh of a report's
/// instructions.
struct MarkupBytes {
  private(set) var bytes: [UInt8] = []

  /// The markup as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is (escape it first where it is not markup).
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends `other`'s markup.
  mutating func append(_ other: MarkupBytes) { bytes += other.bytes }

  /// Appends `text` escaped for HTML content and quoted attributes: `<`, `>`, `&`, `"` and
  /// `'` become references, byte by byte (so that a combining mark cannot hide a quote).
  mutating func append(escaping text: String) {
    var text = text
    text.withUTF8 { text in
      for byte in text {
        switch byte {
        case UInt8(ascii: "<"): bytes += "&lt;".utf8
        case UInt8(ascii: ">"): bytes += "&gt;".utf8
        case UInt8(ascii: "&"): bytes += "&amp;".utf8
        case UInt8(ascii: "\""): bytes += "&quot;".utf8
        case UInt8(ascii: "'"): bytes += "&#39;".utf8
        default: bytes.append(byte)
        }
      }
    }
  }

  /// Appends `value` in decimal, as `String(value)` writes it.
  mutating func append(_ value: Int) { append(Int64(value)) }

  /// Appends `value` in decimal, as `String(value)` writes it.
  mutating func append(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    append(digitsOf: value.magnitude, atLeast: 1)
  }

  /// Appends the decimal digits of `value`, zero-padded on the left to `count`.
  mutating func append(digitsOf value: UInt64, atLeast count: Int) {
    var length = 1
    var power: UInt64 = 10
    while length < 20 && value >= power {
      length += 1
      power &*= 10
    }
    length = max(length, count)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
    var rest = value
    var index = bytes.count
    while rest != 0 {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }
}
