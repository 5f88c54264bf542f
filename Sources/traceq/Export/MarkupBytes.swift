/// Markup written straight into UTF-8 bytes: the timelines' tens of thousands of bars, which
/// string interpolation built piece by piece (a string per number) in a seventh of a report's
/// instructions.
struct MarkupBytes {
  private(set) var bytes: [UInt8] = []

  /// The markup as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends `text` as it is (escape it first where it is not markup).
  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// Appends `value` in decimal, as `String(value)` writes it.
  mutating func append(_ value: Int) { append(Int64(value)) }

  /// Appends `value` in decimal, as `String(value)` writes it.
  mutating func append(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    append(digitsOf: value.magnitude, atLeast: 1)
  }

  /// Appends the decimal digits of `value`, zero-padded on the left to `count`.
  mutating func append(digitsOf value: UInt64, atLeast count: Int) {
    let start = bytes.count
    var rest = value
    var written = 0
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
      written += 1
    } while rest != 0 || written < count
    bytes[start...].reverse()
  }
}
