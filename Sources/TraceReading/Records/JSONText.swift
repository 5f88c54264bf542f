import Foundation

/// Turns the bytes of validated JSON tokens into Swift values.
package enum JSONText {
  /// The text of a string's content (the bytes between its quotes), escapes decoded.
  /// A lone surrogate becomes U+FFFD, and so does a `\u` without four hex digits (console logs
  /// are not validated JSON), after which the bytes are read as text again.
  package static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
    guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    var index = 0
    func flush() {
      if !utf8.isEmpty {
        scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
        utf8.removeAll(keepingCapacity: true)
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
        utf8.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        flush()
        guard var code = hexValue(bytes, index) else {
          scalars.append("\u{FFFD}")
          continue
        }
        index += 4
        if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          if let low = hexValue(bytes, index + 2), (0xDC00..<0xE000).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
        }
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default: utf8.append(escaped)  // \" \\ \/
      }
    }
    flush()
    return String(scalars)
  }

  /// The value of the four hex digits at `start`, or nil when there are not four of them.
  private static func hexValue(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> UInt32? {
    guard start + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for index in start..<start + 4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// 10⁰ to 10²², each exact in a Double. Written out so that the array is laid out at compile
  /// time: reading it on the scanner's hot path then costs no lazy-initialisation check.
  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
  ]

  /// The value of a validated JSON number. Plain decimals with up to 15 significant digits
  /// take an exact fast path; the rest go through `strtod`.
  static func number(_ bytes: UnsafeRawBufferPointer) -> Double {
    var index = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var decimals = 0
    var seenPoint = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else if byte &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
        if mantissa != 0 { digits += 1 }
        if seenPoint { decimals += 1 }
      } else {
        return slowNumber(bytes)  // an exponent
      }
      index += 1
    }
    guard digits <= 15, decimals <= 22 else { return slowNumber(bytes) }
    let value = Double(mantissa) / powersOfTen[decimals]
    return negative ? -value : value
  }

  private static func slowNumber(_ bytes: UnsafeRawBufferPointer) -> Double {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { text in
      for index in 0..<bytes.count { text[index] = CChar(bitPattern: bytes[index]) }
      text[bytes.count] = 0
      return strtod(text.baseAddress!, nil)
    }
  }
}
