import Replay
import TraceModel

/// Checkstyle XML, as SwiftLint writes it and Jenkins' Warnings plugin, Danger and reviewdog
/// read it: a `<file>` per path (the class's declaration with `--source-root`, else the
/// trace), an `<error>` per finding or bad line with `line`, `severity` (`error`, `warning`,
/// `info`), `message` and `source` (`traceq.rules.RULE`, or `traceq.input.KIND`). Suppressed
/// findings are left out.
final class CheckstyleReporter: FindingReporter {
  private let output: (String) -> Void
  /// The `<error>` elements of each path, paths in the order first reported.
  private var files: [(path: String, errors: [String])] = []
  private var position: [String: Int] = [:]

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
    var lines = [#"<?xml version="1.0" encoding="utf-8"?>"#, #"<checkstyle version="4.3">"#]
    for file in files {
      lines.append(#"  <file name="\#(XMLText.attribute(file.path))">"#)
      lines += file.errors
      lines.append("  </file>")
    }
    lines.append("</checkstyle>")
    output(lines.joined(separator: "\n"))
  }

  private func add(path: String, line: Int, severity: Severity, message: String, source: String) {
    let index =
      position[path]
      ?? {
        files.append((path, []))
        position[path] = files.count - 1
        return files.count - 1
      }()
    let level = severity == .note ? "info" : severity.rawValue
    files[index].errors.append(
      #"    <error line="\#(line)" column="1" severity="\#(level)" message="\#(XMLText.attribute(message))" "#
        + #"source="\#(XMLText.attribute(source))"/>"#)
  }
}
