import Foundation
import Replay
import TraceModel

/// Xcode-style lines that editors make clickable, a hint under each, and a summary:
/// `path:line: error: message [rule]`. Suppressed findings are left out (and counted).
final class TextReporter: FindingReporter {
  private let output: (String) -> Void
  private let colour: Bool
  private let showHints: Bool
  /// Whether a line came before the summary (which then gets a blank line before it).
  private var wroteLines = false
  /// The `--cross-check` table, when asked for.
  private var crossCheck: CrossCheckTable?

  init(output: @escaping (String) -> Void, colour: Bool = false, showHints: Bool = true, showsCrossCheck: Bool = false)
  {
    self.output = output
    self.colour = colour
    self.showHints = showHints
    crossCheck = showsCrossCheck ? CrossCheckTable() : nil
  }

  func report(crossCheck entries: [CrossCheck.Entry], file: String) {
    crossCheck?.add(entries, file: file)
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    let finding = item.finding
    wroteLines = true
    output("\(item.file):\(finding.line): \(paint(finding.severity)): \(finding.message) [\(finding.ruleID)]")
    if showHints { output("  hint: \(finding.hint)") }
  }

  func report(issue: IngestIssue, file: String) {
    wroteLines = true
    output("\(file):\(issue.line): \(paint(issue.severity)): \(issue.message) [\(issue.kind.rawValue)]")
  }

  func finish(_ tally: FindingTally) {
    if wroteLines { output("") }
    if let crossCheck {
      crossCheck.lines.forEach(output)
      output("")
    }
    output(Self.summary(tally))
    var hidden: [String] = []
    if tally.suppressed > 0 { hidden.append("\(tally.suppressed) suppressed by the configuration") }
    if tally.baselined > 0 { hidden.append("\(tally.baselined) in the baseline") }
    if !hidden.isEmpty { output("  not shown: \(hidden.joined(separator: ", "))") }
    let width = tally.byRule.keys.map(\.count).max() ?? 0
    for (rule, entry) in tally.byRule.sorted(by: { ($0.value.severity, $1.key) > ($1.value.severity, $0.key) }) {
      output(
        "  \(rule.padding(toLength: width, withPad: " ", startingAt: 0))  \(Plural.count(entry.count, entry.severity.rawValue))"
      )
    }
  }

  /// `4 errors, 4 warnings, 1 note in 8 files (8 sessions, 177 events)`.
  static func summary(_ tally: FindingTally) -> String {
    let counts = Severity.allCases.reversed().map { Plural.count(tally.count($0), $0.rawValue) }
    let logs = tally.kinds.filter { $0.key != .trace }.sorted { $0.key.rawValue < $1.key.rawValue }
    let read = logs.isEmpty ? "" : "; read as " + logs.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
    return "\(counts.joined(separator: ", ")) in \(Plural.count(tally.files, "file")) "
      + "(\(Plural.count(tally.sessions, "session")), \(Plural.count(tally.events, "event"))\(read))"
  }

  private func paint(_ severity: Severity) -> String {
    guard colour else { return severity.rawValue }
    let code =
      switch severity {
      case .error: "31"
      case .warning: "33"
      case .note: "36"
      }
    return "\u{1B}[1;\(code)m\(severity.rawValue)\u{1B}[0m"
  }
}
