import Replay
import TraceModel

/// Xcode-style diagnostic lines, `path:line: severity: message [id]`: the one place that
/// writes them, for findings and for issues of a trace's lines.
enum Diagnostic {
  /// `severity` is how to write the severity (the text reporter colours it).
  static func line(
    path: String, _ issue: IngestIssue, severity: (Severity) -> String = { $0.rawValue }
  ) -> String {
    format(path: path, line: issue.line, severity: severity(issue.severity), issue.message, id: issue.kind.rawValue)
  }

  static func line(
    path: String, _ finding: Finding, severity: (Severity) -> String = { $0.rawValue }
  ) -> String {
    format(path: path, line: finding.line, severity: severity(finding.severity), finding.message, id: finding.ruleID)
  }

  private static func format(path: String, line: Int, severity: String, _ message: String, id: String) -> String {
    "\(path):\(line): \(severity): \(message) [\(id)]"
  }
}
