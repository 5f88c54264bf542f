import Testing

@testable import TraceModel

/// `check --db` writes each stored time with ``Swift/Double/writeShortDecimal(to:)`` instead of
/// `description`: the text must be `description`'s, byte for byte, or the value left to it.
@Suite("Short decimals")
struct ShortDecimalTests {
  /// The text written for `value`, or nil when it is left to `description`.
  private static func written(_ value: Double) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Double.shortDecimalMaxCount) { buffer in
      let count = value.writeShortDecimal(to: buffer.baseAddress!)
      return count == 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }
  }

  @Test("hand-picked times: whole, milliseconds, microseconds, the bounds")
  func handPicked() {
    let values: [Double] = [
      0, 1, 2, 10, 100, 0.5, 0.25, 0.001, 0.009, 0.1, 0.3, 1.5, 12.345, 3599.999, 100.01, 1.000001, 123456.789012,
      1_700_000_000.123, 0x1p33 - 1, 0x1p33 - 0.5,
    ]
    for value in values {
      #expect(Self.written(value) == value.description, "\(value)")
    }
  }

  @Test("values description spells otherwise, or that need more places, are left to it")
  func leftToDescription() {
    for value in [-0.0, -1.5, 0.0009, 1e-05, 0.000001, 0x1p33, 1e16, 0.1 + 0.2, 1.23456789012345, .pi, .infinity, .nan]
    {
      #expect(Self.written(value) == nil || Self.written(value) == value.description, "\(value)")
    }
    #expect(Self.written(-0.0) == nil)
    #expect(Self.written(1e-05) == nil)
    #expect(Self.written(0.1 + 0.2) == nil, "0.30000000000000004 has 17 places")
    #expect(Self.written(.nan) == nil)
  }

  @Test("random decimals of zero to nine places, and random doubles: written as description spells them")
  func random() {
    var generator = SystemRandomNumberGenerator()
    var writtenCount = 0
    for _ in 0..<200_000 {
      let places = Int.random(in: 0...9, using: &generator)
      let units = Double(UInt64.random(in: 0..<(1 << 40), using: &generator))
      let value = units / (0..<places).reduce(1.0) { scale, _ in scale * 10 }
      for candidate in [value, Double(bitPattern: UInt64.random(in: 0x3F50_0000_0000_0000...0x4200_0000_0000_0000))] {
        guard let text = Self.written(candidate) else { continue }
        writtenCount += 1
        #expect(text == candidate.description, "\(candidate.bitPattern)")
      }
    }
    #expect(writtenCount > 50_000)
  }
}
