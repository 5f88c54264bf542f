import TraceModel

/// Text coloured with ANSI escapes, for terminals (`--color`, `NO_COLOR`).
enum ANSIColour {
  static let bold = "1"
  static let dim = "2"

  /// `text` in the SGR style `code` (`1` bold, `2` dim, `1;31` bold red).
  static func paint(_ text: String, _ code: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }

  /// A severity's name in its colour: errors red, warnings yellow, notes cyan.
  static func paint(_ severity: Severity) -> String {
    let code =
      switch severity {
      case .error: "1;31"
      case .warning: "1;33"
      case .note: "1;36"
      }
    return paint(severity.rawValue, code)
  }
}
