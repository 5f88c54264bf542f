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

extension Double {
  /// The most bytes ``writeShortDecimal(to:)`` writes.
  package static let shortDecimalMaxCount = 20

  /// Writes the value as `description` spells it, at `output` (room for
  /// ``shortDecimalMaxCount`` bytes), when it is 0 or a decimal of at most six places from
  /// 0.001 to 2³³ (a trace's times: seconds, with milliseconds); returns the count, or 0 when
  /// the value is not such a decimal and only `description` spells it (`check --db` writes
  /// every stored time, and `description` cost it an eighth of its replay).
  ///
  /// `description` writes the fewest digits that read back as the value: here, the fewest
  /// places whose decimal reads back. A number of places is tried only while an ulp is under an
  /// eighth of its last digit's unit: then no two decimals of that many places read as the same
  /// double, and the value times the scale, rounded, is the one that could (when one does, the
  /// product is within an eighth of it, so adding a half and truncating rounds it). Below 2³⁰
  /// that holds for six places, and a decimal of fewer places that reads back is that one of
  /// six with its trailing zeros: one try at six places answers (a trace's times are there).
  @inline(__always)
  package func writeShortDecimal(to output: UnsafeMutablePointer<UInt8>) -> Int {
    if self == 0 {
      guard sign == .plus else { return 0 }
      output[0] = UInt8(ascii: "0")
      output[1] = UInt8(ascii: ".")
      output[2] = UInt8(ascii: "0")
      return 3
    }
    guard self >= 0.001, self < 0x1p33 else { return 0 }
    let eightUlps = ulp * 8
    if eightUlps * 1e6 < 1 {
      let units = UInt64(self * 1e6 + 0.5)
      return Double(units) / 1e6 == self ? Self.writeDecimal(units, places: 6, to: output) : 0
    }
    var scale: UInt64 = 1
    for places in 0...6 {
      defer { scale *= 10 }
      let factor = Double(scale)
      guard eightUlps * factor < 1 else { return 0 }
      let units = UInt64(self * factor + 0.5)
      if Double(units) / factor == self { return Self.writeDecimal(units, places: places, to: output) }
    }
    return 0
  }

  /// Writes `units` / 10^`places` at `output` without trailing zeros after the point (but one
  /// digit after it at least); returns how many bytes.
  @inline(__always)
  private static func writeDecimal(_ units: UInt64, places: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
    var units = units
    var places = places
    while places > 0, units % 10 == 0 {
      units /= 10
      places -= 1
    }
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    var count = writeDigits(units / scale, to: output)
    output[count] = UInt8(ascii: ".")
    count += 1
    if places == 0 {
      output[count] = UInt8(ascii: "0")
      return count + 1
    }
    var fraction = units % scale
    for place in (0..<places).reversed() {
      output[count + place] = UInt8(ascii: "0") + UInt8(fraction % 10)
      fraction /= 10
    }
    return count + places
  }

  /// Writes the decimal digits of `value` at `output`; returns how many.
  @inline(__always)
  private static func writeDigits(_ value: UInt64, to output: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    var remaining = value
    for index in (0..<count).reversed() {
      output[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
      remaining /= 10
    }
    return count
  }
}
