import Replay
import TraceModel

/// A summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`: a verdict line, a table of
/// the findings (errors first, then warnings, then notes; at most ``rowLimit``), a table per
/// rule with what to do, and what was not shown.
final class MarkdownReporter: FindingReporter {
  /// The most findings the table lists; the JSON or SARIF report has them all.
  static let rowLimit = 100

  private let output: (String) -> Void
  private let context: ReportContext
  /// Rows by severity, each in report order and kept to ``rowLimit``.
  private var rows: [Severity: [String]] = [:]
  private var unlisted = 0
  /// What to do, by rule id: the hint of its first finding.
  private var hints: [String: String] = [:]

  init(output: @escaping (String) -> Void, context: ReportContext) {
    self.output = output
    self.context = context
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    let finding = item.finding
    if hints[finding.ruleID] == nil { hints[finding.ruleID] = finding.hint }
    let location = item.location
    let message = finding.message + (item.recordedAt.map { " (\($0))" } ?? "")
    row(finding.severity, "\(location.file):\(location.line)", finding.ruleID, message)
  }

  func report(issue: IngestIssue, file: String) {
    row(issue.severity, "\(file):\(issue.line)", issue.kind.rawValue, issue.message)
  }

  func finish(_ tally: FindingTally) {
    let failed = tally.fails(at: context.failingSeverity)
    var lines = ["### traceq: " + TextReporter.summary(tally), ""]
    lines.append(
      failed
        ? "❌ **Failed**: findings at or above \(context.failingSeverity.rawValue)."
        : "✅ **Passed**: nothing at or above \(context.failingSeverity.rawValue).")
    let ordered = Severity.allCases.reversed().flatMap { rows[$0] ?? [] }
    if !ordered.isEmpty {
      lines += ["", "| severity | location | rule | message |", "| --- | --- | --- | --- |"]
      lines += ordered.prefix(Self.rowLimit)
      let unlisted = unlisted + max(0, ordered.count - Self.rowLimit)
      if unlisted > 0 { lines += ["", "…and \(unlisted) more: the JSON or SARIF report lists them all."] }
    }
    if !tally.byRule.isEmpty {
      lines += ["", "| rule | severity | findings | what to do |", "| --- | --- | ---: | --- |"]
      for (rule, entry) in tally.byRule.sorted(by: { ($0.value.severity, $1.key) > ($1.value.severity, $0.key) }) {
        lines.append("| `\(rule)` | \(entry.severity.rawValue) | \(entry.count) | \(Self.cell(hints[rule] ?? "")) |")
      }
    }
    var hidden: [String] = []
    if tally.suppressed > 0 { hidden.append("\(tally.suppressed) suppressed by the configuration") }
    if tally.baselined > 0 { hidden.append("\(tally.baselined) already in the baseline") }
    if !hidden.isEmpty { lines += ["", "Not shown: \(hidden.joined(separator: ", "))."] }
    output(lines.joined(separator: "\n"))
  }

  private func row(_ severity: Severity, _ location: String, _ id: String, _ message: String) {
    guard rows[severity, default: []].count < Self.rowLimit else {
      unlisted += 1
      return
    }
    // In a table a pipe ends the cell even in a code span unless escaped, and a backslash before
    // that escape would escape it instead: a location with a backslash is written as text.
    let shown = TerminalText.escaped(location)
    let place =
      shown.contains("`") || shown.contains("\\")
      ? Self.cell(location) : "`\(shown.replacingOccurrences(of: "|", with: "\\|"))`"
    rows[severity, default: []].append(
      "| \(Self.icon(severity)) \(severity.rawValue) | \(place) | `\(id)` | \(Self.cell(message)) |")
  }

  private static func icon(_ severity: Severity) -> String {
    switch severity {
    case .error: "❌"
    case .warning: "⚠️"
    case .note: "ℹ️"
    }
  }

  /// Text for a table cell: Markdown's punctuation escaped (so that `<PageViewController>`
  /// is not taken for HTML), line breaks as spaces, and other control characters written as
  /// escapes (``TerminalText``), so that a class name cannot hide or reorder what a reviewer reads.
  static func cell(_ text: String) -> String {
    var result = ""
    for character in TerminalText.escaped(text, keepingLineBreaks: true) {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": result += "\\" + String(character)
      case "\n", "\t": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
