import Foundation
import Replay
import TraceModel

/// GitHub Actions annotations: one workflow command per finding (`::error`, `::warning` or
/// `::notice` with the file, line and rule as title; the hint on a last line), errors first,
/// then the summary as plain log lines. GitHub shows at most ``annotationLimit`` annotations
/// of each level per step and drops the rest, so those are listed instead: as log lines, and
/// in the step summary (`$GITHUB_STEP_SUMMARY`) when the job has one.
final class GitHubReporter: FindingReporter {
  /// The annotations of one level GitHub shows per step
  /// (https://github.com/actions/toolkit/blob/main/docs/problem-matchers.md#limitations).
  static let annotationLimit = 10

  private let output: (String) -> Void
  /// The step summary file the findings past the limit are appended to; nil: none.
  private let summaryPath: String?
  private var entries: [Entry] = []

  /// An annotation waiting for the end of the run, when the order by severity is known.
  private struct Entry {
    var severity: Severity
    var command: WorkflowCommand
    var location: String
    var id: String
    var message: String
  }

  init(output: @escaping (String) -> Void, summaryPath: String? = nil) {
    self.output = output
    self.summaryPath = summaryPath.flatMap { $0.isEmpty ? nil : $0 }
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    let finding = item.finding
    let name = RuleCatalog.name(of: finding.ruleID) ?? finding.ruleID
    let location = item.location
    entries.append(
      Entry(
        severity: finding.severity,
        command: WorkflowCommand(
          name: Self.command(finding.severity),
          properties: [
            ("file", location.file), ("line", String(location.line)), ("title", "\(name) [\(finding.ruleID)]"),
          ],
          message: ([finding.message] + (item.recordedAt.map { [$0] } ?? []) + ["hint: \(finding.hint)"])
            .joined(separator: "\n")),
        location: "\(location.file):\(location.line)", id: finding.ruleID,
        message: finding.message + (item.recordedAt.map { " (\($0))" } ?? "")))
  }

  func report(issue: IngestIssue, file: String) {
    entries.append(
      Entry(
        severity: issue.severity,
        command: WorkflowCommand(
          name: Self.command(issue.severity),
          properties: [("file", file), ("line", String(issue.line)), ("title", issue.kind.rawValue)],
          message: issue.message),
        location: "\(file):\(issue.line)", id: issue.kind.rawValue, message: issue.message))
  }

  func finish(_ tally: FindingTally) {
    var shown: [Severity: Int] = [:]
    var rest: [Entry] = []
    for severity in Severity.allCases.reversed() {
      for entry in entries where entry.severity == severity {
        if shown[severity, default: 0] < Self.annotationLimit {
          shown[severity, default: 0] += 1
          output(entry.command.text)
        } else {
          rest.append(entry)
        }
      }
    }
    output("traceq: " + TextReporter.summary(tally))
    if tally.suppressed > 0 || tally.baselined > 0 {
      output("traceq: not shown: \(tally.suppressed) suppressed, \(tally.baselined) in the baseline")
    }
    guard !rest.isEmpty else { return }
    output(
      "traceq: \(Plural.count(rest.count, "more finding")) past GitHub's \(Self.annotationLimit) annotations per level:"
    )
    for entry in rest { output("\(entry.location): \(entry.severity.rawValue): \(entry.message) [\(entry.id)]") }
    if let summaryPath { appendSummary(rest, to: summaryPath) }
  }

  /// Lists `rest` in the step summary as a Markdown table.
  private func appendSummary(_ rest: [Entry], to path: String) {
    var lines = [
      "", "### traceq: \(Plural.count(rest.count, "finding")) not shown as annotations", "",
      "| severity | location | rule | message |", "| --- | --- | --- | --- |",
    ]
    for entry in rest {
      lines.append(
        "| \(entry.severity.rawValue) | \(MarkdownReporter.cell(entry.location)) | `\(entry.id)` | "
          + "\(MarkdownReporter.cell(entry.message)) |")
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      Terminal.error("warning: cannot append to the step summary \(path)")
      return
    }
    defer { try? handle.close() }
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
    } catch {
      Terminal.error("warning: cannot append to the step summary \(path): \(error.localizedDescription)")
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
