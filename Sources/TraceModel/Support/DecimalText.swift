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
  /// places whose decimal reads back. Each number of places is tried only while an ulp is under
  /// an eighth of its last digit's unit: then no two decimals of that many places read as the
  /// same double, and the value times the scale, rounded, is the one that could.
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
    var scale: UInt64 = 1
    for places in 0...6 {
      defer { scale *= 10 }
      guard ulp * 8 * Double(scale) < 1 else { return 0 }
      let scaled = (self * Double(scale)).rounded()
      guard scaled / Double(scale) == self else { continue }
      let units = UInt64(scaled)
      var count = Self.writeDigits(units / scale, to: output)
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
    return 0
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
