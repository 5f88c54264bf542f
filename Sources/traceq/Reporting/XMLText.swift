/// Text made safe for XML 1.0: markup characters escaped, characters XML cannot carry at all
/// (control characters other than tab, CR and LF) replaced by U+FFFD.
enum XMLText {
  /// For element content.
  static func content(_ text: String) -> String { escape(text, attribute: false) }

  /// For a double-quoted attribute value (line breaks kept as character references).
  static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    // Most text (a report's tens of thousands of bar titles) has nothing to escape: the scan
    // of its bytes is a fraction of building a copy scalar by scalar.
    var text = text
    guard text.withUTF8({ $0.contains { needsEscaping($0, attribute: attribute) } }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "\n" where attribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where attribute: result += "&#9;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `byte` may start something ``escape(_:attribute:)`` changes: a markup character,
  /// a control character, or the lead byte of U+FFFE and U+FFFF (0xEF).
  private static func needsEscaping(_ byte: UInt8, attribute: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), 0xEF: true
    case UInt8(ascii: "\""): attribute
    case UInt8(ascii: "\t"), UInt8(ascii: "\n"): attribute
    case ..<0x20: true
    default: false
    }
  }
}
