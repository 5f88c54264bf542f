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
  /// The `--cross-check` table, when asked for.
  private var crossCheck: CrossCheckTable?

  init(
    output: @escaping (String) -> Void, colour: Bool = false, showHints: Bool = true, quietRules: Set<String> = [],
    showsCrossCheck: Bool = false
  ) {
    self.output = output
    self.colour = colour
    self.showHints = showHints
    self.quietRules = quietRules
    crossCheck = showsCrossCheck ? CrossCheckTable() : nil
  }

  func report(crossCheck entries: [CrossCheck.Entry], file: String) {
    crossCheck?.add(entries, file: file)
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    if quietRules.contains(item.finding.ruleID) {
      quiet[item.finding.ruleID, default: 0] += 1
      return
    }
    let finding = item.finding
    wroteLines = true
    let location = item.location
    output(
      Diagnostic.line(path: location.file, location.line, paint(finding.severity), finding.message, id: finding.ruleID))
    if let recorded = item.recordedAt { output("  \(TerminalText.escaped(recorded))") }
    if showHints { output("  hint: \(TerminalText.escaped(finding.hint))") }
  }

  func report(issue: IngestIssue, file: String) {
    wroteLines = true
    output(Diagnostic.line(path: file, issue.line, paint(issue.severity), issue.message, id: issue.kind.rawValue))
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
    for (rule, count) in quiet.sorted(by: { $0.key < $1.key }) { hidden.append("\(count) \(rule) (--rule \(rule))") }
    if !hidden.isEmpty { output("  not shown: \(hidden.joined(separator: ", "))") }
    let width = tally.byRule.keys.map(\.count).max() ?? 0
    for (rule, entry) in tally.byRule.sorted(by: { ($0.value.severity, $1.key) > ($1.value.severity, $0.key) })
    where quiet[rule] == nil {
      output(
        "  \(rule.padding(toLength: width, withPad: " ", startingAt: 0))  \(Plural.count(entry.count, entry.severity.rawValue))"
      )
    }
  }

  /// `4 errors, 4 warnings, 1 note in 8 files (8 sessions, 177 events)`, then what was wrong
  /// with the traces themselves, when something was: `; in the input: 1 error, 2 warnings`.
  static func summary(_ tally: FindingTally) -> String {
    let counts = Severity.allCases.reversed().map { Plural.count(tally.count($0), $0.rawValue) }
    let inputCounts = Severity.allCases.reversed().filter { tally.inputCount($0) > 0 }.map {
      Plural.count(tally.inputCount($0), $0.rawValue)
    }
    let logs = tally.kinds.filter { $0.key != .trace }.sorted { $0.key.rawValue < $1.key.rawValue }
    let read = logs.isEmpty ? "" : "; read as " + logs.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
    return "\(counts.joined(separator: ", ")) in \(Plural.count(tally.files, "file")) "
      + "(\(Plural.count(tally.sessions, "session")), \(Plural.count(tally.events, "event"))\(read))"
      + (inputCounts.isEmpty ? "" : "; in the input: \(inputCounts.joined(separator: ", "))")
  }

  private func paint(_ severity: Severity) -> String {
    colour ? ANSIColour.paint(severity) : severity.rawValue
  }
}
