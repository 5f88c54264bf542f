/// JSON string literals, escaped per RFC 8259. Besides what JSON requires (C0 controls), DEL,
/// C1 controls and the bidirectional overrides are written as `\u` escapes too: the same string
/// to a parser, and nothing that moves the cursor or reorders a line on a terminal. Shared by
/// every JSON the package writes: reports, query results, Perfetto traces, console records.
package enum JSONString {
  /// `text` as a JSON string literal, quotes included.
  package static func quote(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || isEscapedAnyway(scalar):
        result +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// DEL, C1 controls, bidirectional embeddings, overrides and isolates.
  private static func isEscapedAnyway(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Appends `text` (UTF-8) as ``quote(_:)`` writes it: ASCII below DEL is escaped byte by
  /// byte, without making a String; text with other bytes goes through ``quote(_:)`` (which
  /// repairs invalid UTF-8 as `String(decoding:as:)` does).
  package static func appendQuoted(_ text: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
    guard text.allSatisfy({ $0 < 0x7F }) else {
      return bytes.append(contentsOf: quote(String(decoding: text, as: UTF8.self)).utf8)
    }
    bytes.append(UInt8(ascii: "\""))
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
      case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
      case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
      case ..<0x20:
        let low = byte & 0x0F
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(UInt8(ascii: "0") + byte >> 4)
        bytes.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
