import Foundation
import Replay
import TraceModel

/// GitHub Actions annotations: one workflow command per finding (`::error`, `::warning` or
/// `::notice` with the file, line and rule as title; the hint on a last line), errors first,
/// then the summary as plain log lines. GitHub shows at most ``annotationLimit`` annotations
/// of each level per step and drops the rest, so those are listed instead: as log lines, and
/// in the step summary (`$GITHUB_STEP_SUMMARY`) when the job has one. The annotations wait in
/// memory for the end of the run (when the order by severity is known); the findings past them
/// are written to a ``Spool`` per level as they come.
final class GitHubReporter: FindingReporter {
  /// The annotations of one level GitHub shows per step
  /// (https://github.com/actions/toolkit/blob/main/docs/problem-matchers.md#limitations).
  static let annotationLimit = 10

  private let output: (String) -> Void
  /// The step summary file the findings past the limit are appended to; nil: none.
  private let summaryPath: String?
  /// The annotations of each level, up to the limit.
  private var annotations: [Severity: [WorkflowCommand]] = [:]
  /// The findings past the limit of each level: as log lines, and as rows of the step summary.
  private var rest: [Severity: (count: Int, lines: Spool, rows: Spool)] = [:]

  /// An annotation, and what lists it past the limit.
  private struct Entry {
    var severity: Severity
    var command: WorkflowCommand
    var file: String
    var line: Int
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
    add(
      Entry(
        severity: finding.severity,
        command: WorkflowCommand(
          name: Self.command(finding.severity),
          properties: [
            ("file", location.file), ("line", String(location.line)), ("title", "\(name) [\(finding.ruleID)]"),
          ],
          message: ([finding.message] + (item.recordedAt.map { [$0] } ?? []) + ["hint: \(finding.hint)"])
            .joined(separator: "\n")),
        file: location.file, line: location.line, id: finding.ruleID,
        message: finding.message + (item.recordedAt.map { " (\($0))" } ?? "")))
  }

  func report(issue: IngestIssue, file: String) {
    add(
      Entry(
        severity: issue.severity,
        command: WorkflowCommand(
          name: Self.command(issue.severity),
          properties: [("file", file), ("line", String(issue.line)), ("title", issue.kind.rawValue)],
          message: issue.message),
        file: file, line: issue.line, id: issue.kind.rawValue, message: issue.message))
  }

  /// Keeps `entry` as an annotation, or lists it past the limit.
  private func add(_ entry: Entry) {
    if annotations[entry.severity, default: []].count < Self.annotationLimit {
      annotations[entry.severity, default: []].append(entry.command)
      return
    }
    let listed = rest[entry.severity] ?? (0, Spool(), Spool())
    // A log line: escaped as the text format's (a value never starts a line of its own).
    listed.lines.append(
      Diagnostic.line(path: entry.file, entry.line, entry.severity.rawValue, entry.message, id: entry.id))
    if summaryPath != nil {
      listed.rows.append(
        "| \(entry.severity.rawValue) | \(MarkdownReporter.cell("\(entry.file):\(entry.line)")) | `\(entry.id)` | "
          + "\(MarkdownReporter.cell(entry.message)) |")
    }
    rest[entry.severity] = (listed.count + 1, listed.lines, listed.rows)
  }

  func finish(_ tally: FindingTally) {
    let levels = Severity.allCases.reversed()
    for severity in levels {
      for command in annotations[severity] ?? [] { output(command.text) }
    }
    output("traceq: " + TextReporter.summary(tally))
    if tally.suppressed > 0 || tally.baselined > 0 {
      output("traceq: not shown: \(tally.suppressed) suppressed, \(tally.baselined) in the baseline")
    }
    let listed = levels.compactMap { rest[$0] }
    let count = listed.reduce(0) { $0 + $1.count }
    guard count > 0 else { return }
    output(
      "traceq: \(Plural.count(count, "more finding")) past GitHub's \(Self.annotationLimit) annotations per level:")
    for level in listed { level.lines.write(to: output) }
    if let summaryPath { appendSummary(listed.map(\.rows), count: count, to: summaryPath) }
  }

  /// Lists the findings past the limit in the step summary as a Markdown table.
  private func appendSummary(_ rows: [Spool], count: Int, to path: String) {
    guard let handle = FileHandle(forWritingAtPath: path) else {
      Terminal.error("warning: cannot append to the step summary \(path)")
      return
    }
    defer { try? handle.close() }
    var failure: Error?
    func append(_ text: String) {
      guard failure == nil else { return }
      do {
        try handle.write(contentsOf: Data((text + "\n").utf8))
      } catch {
        failure = error
      }
    }
    do {
      try handle.seekToEnd()
    } catch {
      failure = error
    }
    append(
      [
        "", "### traceq: \(Plural.count(count, "finding")) not shown as annotations", "",
        "| severity | location | rule | message |", "| --- | --- | --- | --- |",
      ].joined(separator: "\n"))
    for level in rows { level.write(to: append) }
    if let failure {
      Terminal.error("warning: cannot append to the step summary \(path): \(failure.localizedDescription)")
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
