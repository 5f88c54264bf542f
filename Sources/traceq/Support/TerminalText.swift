/// Text from a trace made safe to print where a person reads it: control characters (C0, DEL,
/// C1) and the Unicode characters that reorder text on screen are written as escapes, so that
/// a class name cannot retitle the window, clear the screen or fake a line of output.
enum TerminalText {
  /// `text` with those characters escaped: `\n`, `\r`, `\t`, else `\u{1B}`. With
  /// `keepingLineBreaks`, `\n` and `\t` are kept as they are (for text made of several lines).
  static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
    // Most text is printable ASCII, told byte by byte; the rest is read scalar by scalar.
    let printable = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    if printable == true { return text }
    guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar, keepingLineBreaks) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// A path printed at the start of a line and followed by `:` (as in `path:line:`):
  /// ``escaped(_:keepingLineBreaks:)``, and led by `./` when the line would begin (after blanks)
  /// with `::` (the path starts with `:`) or `##[`, which the GitHub Actions runner reads
  /// as a workflow command wherever the line is printed
  /// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions): a file
  /// named `::add-mask::x` must not mask a secret, nor `::error file=…::` annotate a pull request.
  static func lineStart(_ path: String) -> String {
    let text = escaped(path)
    let start = text.drop { $0 == " " || $0 == "\t" }
    return start.hasPrefix(":") || start.hasPrefix("##[") ? "./" + text : text
  }

  private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: !keepingLineBreaks
    case 0x00..<0x20, 0x7F..<0xA0: true
    // Bidirectional embeddings, overrides and isolates.
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
