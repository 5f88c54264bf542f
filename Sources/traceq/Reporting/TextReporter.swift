import Foundation
import Replay
import TraceModel

/// Xcode-style lines that editors make clickable, a hint under each, and a summary:
/// `path:line: error: message [rule]`. Suppressed findings are left out (and counted).
final class TextReporter: FindingReporter {
  private let output: (String) -> Void
  private let colour: Bool
  private let showHints: Bool
  /// Rules whose findings are left out unless asked for (`--rule`), and how many were.
  private let quietRules: Set<String>
  private var quiet: [String: Int] = [:]
  /// Whether a line came before the summary (which then gets a blank line before it).
  private var wroteLines = false

  init(output: @escaping (String) -> Void, colour: Bool = false, showHints: Bool = true, quietRules: Set<String> = []) {
    self.output = output
    self.colour = colour
    self.showHints = showHints
    self.quietRules = quietRules
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    if quietRules.contains(item.finding.ruleID) {
      quiet[item.finding.ruleID, default: 0] += 1
      return
    }
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
    output(Self.summary(tally))
    var hidden: [String] = []
    if tally.suppressed > 0 { hidden.append("\(tally.suppressed) suppressed by the configuration") }
    if tally.baselined > 0 { hidden.append("\(tally.baselined) in the baseline") }
    for (rule, count) in quiet.sorted(by: { $0.key < $1.key }) { hidden.append("\(count) \(rule) (--rule \(rule))") }
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
    return "\(counts.joined(separator: ", ")) in \(Plural.count(tally.files, "file")) "
      + "(\(Plural.count(tally.sessions, "session")), \(Plural.count(tally.events, "event")))"
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
