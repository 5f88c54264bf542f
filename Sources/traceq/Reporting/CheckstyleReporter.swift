import Replay
import TraceModel

/// Checkstyle XML, as SwiftLint writes it and Jenkins' Warnings plugin, Danger and reviewdog
/// read it: a `<file>` per path (the class's declaration with `--source-root`, else the
/// trace), an `<error>` per finding or bad line with `line`, `severity` (`error`, `warning`,
/// `info`), `message` and `source` (`traceq.rules.RULE`, or `traceq.input.KIND`). Suppressed
/// findings are left out.
///
/// Written as findings come: the errors of one path in a row share a `<file>`; a path reported
/// again later (a declaration that findings of several traces point at, with `--source-root`)
/// gets another `<file>` element of the same name, which readers of the format merge.
final class CheckstyleReporter: FindingReporter {
  private let output: (String) -> Void
  /// The path of the open `<file>` element; nil before the first.
  private var path: String?
  private var started = false

  init(output: @escaping (String) -> Void) {
    self.output = output
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    let finding = item.finding
    let message = ([finding.message] + (item.recordedAt.map { [$0] } ?? []) + ["hint: \(finding.hint)"])
      .joined(separator: "\n")
    add(
      path: item.location.file, line: item.location.line, severity: finding.severity, message: message,
      source: "traceq.rules.\(finding.ruleID)")
  }

  func report(issue: IngestIssue, file: String) {
    add(
      path: file, line: issue.line, severity: issue.severity, message: issue.message,
      source: "traceq.input.\(issue.kind.rawValue)")
  }

  func finish(_ tally: FindingTally) {
    start()
    if path != nil { output("  </file>") }
    output("</checkstyle>")
  }

  /// Writes the document's opening, once (not before the run has something to report: a run
  /// that stops before it writes nothing).
  private func start() {
    guard !started else { return }
    started = true
    output(#"<?xml version="1.0" encoding="utf-8"?>"#)
    output(#"<checkstyle version="4.3">"#)
  }

  private func add(path: String, line: Int, severity: Severity, message: String, source: String) {
    start()
    if path != self.path {
      if self.path != nil { output("  </file>") }
      output(#"  <file name="\#(XMLText.attribute(path))">"#)
      self.path = path
    }
    let level = severity == .note ? "info" : severity.rawValue
    output(
      #"    <error line="\#(line)" column="1" severity="\#(level)" message="\#(XMLText.attribute(message))" "#
        + #"source="\#(XMLText.attribute(source))"/>"#)
  }
}
