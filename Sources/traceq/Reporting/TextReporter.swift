import Foundation
import Replay
import TraceModel

/// Xcode-style lines that editors make clickable, a hint under each, and a summary:
/// `path:line: error: message [rule]`.
final class TextReporter: FindingReporter {
  private let output: (String) -> Void
  private let colour: Bool
  private let showHints: Bool

  init(output: @escaping (String) -> Void, colour: Bool = false, showHints: Bool = true) {
    self.output = output
    self.colour = colour
    self.showHints = showHints
  }

  func report(_ item: FileFinding) {
    let finding = item.finding
    output("\(item.file):\(finding.line): \(paint(finding.severity)): \(finding.message) [\(finding.ruleID)]")
    if showHints { output("  hint: \(finding.hint)") }
  }

  func report(issue: IngestIssue, file: String) {
    output("\(file):\(issue.line): \(paint(issue.severity)): \(issue.message) [\(issue.kind.rawValue)]")
  }

  func finish(_ tally: FindingTally) {
    let counts = Severity.allCases.reversed().map { Plural.count(tally.count($0), $0.rawValue) }
    output("")
    output(
      "\(counts.joined(separator: ", ")) in \(Plural.count(tally.files, "file")) "
        + "(\(Plural.count(tally.sessions, "session")), \(Plural.count(tally.events, "event")))")
    let width = tally.byRule.keys.map(\.count).max() ?? 0
    for (rule, entry) in tally.byRule.sorted(by: { ($0.value.severity, $1.key) > ($1.value.severity, $0.key) }) {
      output("  \(rule.padding(toLength: width, withPad: " ", startingAt: 0))  \(Plural.count(entry.count, entry.severity.rawValue))")
    }
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

/// The findings as one JSON array of objects: file, line, session, rule, severity, message,
/// hint, vc, class.
final class JSONReporter: FindingReporter {
  private let output: (String) -> Void
  private let errorOutput: (String) -> Void
  private var held: String?

  init(output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
    self.output = output
    self.errorOutput = errorOutput
    output("[")
  }

  func report(_ item: FileFinding) {
    let finding = item.finding
    let fields: [(String, String)] = [
      ("file", JSONString.quote(item.file)), ("line", String(finding.line)), ("session", String(finding.session)),
      ("rule", JSONString.quote(finding.ruleID)), ("severity", JSONString.quote(finding.severity.rawValue)),
      ("message", JSONString.quote(finding.message)), ("hint", JSONString.quote(finding.hint)),
      ("vc", finding.controller.map { JSONString.quote($0.address) } ?? "null"),
      ("class", finding.controller?.className.map(JSONString.quote) ?? "null"),
    ]
    if let held { output("  " + held + ",") }
    held = "{" + fields.map { "\(JSONString.quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  func report(issue: IngestIssue, file: String) {
    errorOutput("\(file):\(issue.line): \(issue.severity.rawValue): \(issue.message) [\(issue.kind.rawValue)]")
  }

  func finish(_ tally: FindingTally) {
    if let held { output("  " + held) }
    output("]")
  }
}
