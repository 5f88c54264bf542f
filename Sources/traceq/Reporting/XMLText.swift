/// Text made safe for XML 1.0: markup characters escaped, characters XML cannot carry at all
/// (control characters other than tab, CR and LF) replaced by U+FFFD.
enum XMLText {
  /// For element content.
  static func content(_ text: String) -> String { escape(text, attribute: false) }

  /// For a double-quoted attribute value (line breaks kept as character references).
  static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
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
}
