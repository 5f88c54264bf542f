import TraceModel

/// Xcode-style diagnostic lines: `path:line: severity: message [id]`, the path and message
/// printable (``TerminalText``: a line break in a file name cannot split the line, nor the path
/// start a workflow command).
enum Diagnostic {
  static func line(path: String, _ issue: IngestIssue) -> String {
    line(path: path, issue.line, issue.severity.rawValue, issue.message, id: issue.kind.rawValue)
  }

  /// `path:line: severity: message [id]`, where `severity` may be painted.
  static func line(path: String, _ line: Int, _ severity: String, _ message: String, id: String) -> String {
    "\(TerminalText.lineStart(path)):\(line): \(severity): \(TerminalText.escaped(message)) [\(id)]"
  }
}
