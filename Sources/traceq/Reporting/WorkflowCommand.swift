/// A GitHub Actions workflow command, `::error file=a.gz,line=3,title=T::message`, escaped as
/// the runner reads it: in the message `%`, CR and LF become `%25`, `%0D`, `%0A`; in property
/// values `:` and `,` also become `%3A` and `%2C`.
struct WorkflowCommand {
  var name: String
  /// Property names and values, in order.
  var properties: [(String, String)]
  var message: String

  var text: String {
    let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
    return "::\(name)\(list.isEmpty ? "" : " " + list)::\(Self.escapeData(message))"
  }

  static func escapeData(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      // The runner's log interprets terminal escapes: other control characters are shown escaped.
      case _ where character.value < 0x20 || (0x7F..<0xA0).contains(character.value):
        result += TerminalText.escaped(String(character))
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
