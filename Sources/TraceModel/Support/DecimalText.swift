extension [UInt8] {
  /// Appends the decimal digits of `value`, as `String(value)` spells them, without making a
  /// `String` (query output and PostgreSQL's COPY text write one per integer cell).
  @inline(__always)
  package mutating func appendDecimal(_ value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int64.min has 19 digits
    Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      append(contentsOf: buffer[start...])
    }
  }
}
