import Replay
import TraceModel

/// GitHub Actions annotations: one workflow command per finding (`::error`, `::warning` or
/// `::notice` with the file, line and rule as title; the hint on a second line), then the
/// summary as plain log lines. GitHub shows a limited number of annotations per step; the
/// SARIF report has them all.
final class GitHubReporter: FindingReporter {
  private let output: (String) -> Void

  init(output: @escaping (String) -> Void) {
    self.output = output
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    let finding = item.finding
    let name = RuleCatalog.type(for: finding.ruleID)?.description.name ?? finding.ruleID
    output(
      WorkflowCommand(
        name: Self.command(finding.severity),
        properties: [("file", item.file), ("line", String(finding.line)), ("title", "\(name) [\(finding.ruleID)]")],
        message: "\(finding.message)\nhint: \(finding.hint)"
      ).text)
  }

  func report(issue: IngestIssue, file: String) {
    output(
      WorkflowCommand(
        name: Self.command(issue.severity),
        properties: [("file", file), ("line", String(issue.line)), ("title", issue.kind.rawValue)],
        message: issue.message
      ).text)
  }

  func finish(_ tally: FindingTally) {
    output("traceq: " + TextReporter.summary(tally))
    if tally.suppressed > 0 || tally.baselined > 0 {
      output("traceq: not shown: \(tally.suppressed) suppressed, \(tally.baselined) in the baseline")
    }
  }

  /// The annotation level of a severity.
  static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "notice"
    }
  }
}
