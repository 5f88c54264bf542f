import TraceModel

/// Xcode-style diagnostic lines: `path:line: severity: message [id]`.
enum Diagnostic {
  static func line(path: String, _ issue: IngestIssue) -> String {
    "\(path):\(issue.line): \(issue.severity.rawValue): \(issue.message) [\(issue.kind.rawValue)]"
  }
}
