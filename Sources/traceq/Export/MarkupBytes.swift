/// Markup written straight into UTF-8 bytes: the timelines' tens of thousands of bars, which
/// string interpolation built piece by piece (a string per number) in a seventh of a report's
/// instructions.
struct MarkupBytes {
  private(set) var bytes: [UInt8] = []

  /// The markup as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is (escape it first where it is not markup).
  mutating func append(_ text: String) { bytes += text.utf8 }

  /// Appends one byte of markup: an ASCII character.
  mutating func append(byte: UInt8) { bytes.append(byte) }

  /// Appends `other`'s markup.
  mutating func append(_ other: MarkupBytes) { bytes += other.bytes }

  /// Appends `text` escaped for HTML content and quoted attributes: `<`, `>`, `&`, `"` and
  /// `'` become references, byte by byte (so that a combining mark cannot hide a quote).
  mutating func append(escaping text: String) {
    var text = text
    text.withUTF8 { text in
      // The bytes between two markup characters are appended in one piece.
      var start = 0
      for (index, byte) in text.enumerated() {
        let reference: String
        switch byte {
        case UInt8(ascii: "<"): reference = "&lt;"
        case UInt8(ascii: ">"): reference = "&gt;"
        case UInt8(ascii: "&"): reference = "&amp;"
        case UInt8(ascii: "\""): reference = "&quot;"
        case UInt8(ascii: "'"): reference = "&#39;"
        default: continue
        }
        bytes += text[start..<index]
        bytes += reference.utf8
        start = index + 1
      }
      bytes += text[start...]
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
    var power: UInt64 = 1
    while length < 20 && value / power >= 10 {
      length += 1
      power &*= 10
    }
    if count > length { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count - length)) }
    // From the most significant digit down: each an append, not a store into a placeholder.
    var rest = value
    while power > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / power))
      rest %= power
      power /= 10
    }
  }
}
