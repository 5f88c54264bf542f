import Foundation

/// Findings against ground truth, rule by rule: a finding matches a truth row with the same
/// session, line and rule; the rest are missed (truth without a finding) or extra (a finding
/// without truth). `model-disagreement` notes are counted apart: they are the model's doubts,
/// never an anomaly of the app.
struct FidelityTally {
  /// A finding or a truth row: where, and which rule.
  struct Row: Hashable {
    var session: Int
    var line: Int
    var rule: String
  }

  struct Counts: Equatable {
    var expected = 0
    var matched = 0
    var missed = 0
    var extra = 0
  }

  static let disagreement = "model-disagreement"

  private(set) var byRule: [String: Counts] = [:]
  private(set) var missedRows: [Row] = []
  private(set) var extraRows: [Row] = []
  private(set) var notes = 0

  /// Compares one trace's ground truth with the findings of its check.
  mutating func add(truth: [Row], findings: [Row]) {
    var unmatched: [Row: Int] = [:]
    for row in truth {
      unmatched[row, default: 0] += 1
      byRule[row.rule, default: Counts()].expected += 1
    }
    for finding in findings {
      if finding.rule == Self.disagreement {
        notes += 1
      } else if let left = unmatched[finding], left > 0 {
        unmatched[finding] = left - 1
        byRule[finding.rule, default: Counts()].matched += 1
      } else {
        byRule[finding.rule, default: Counts()].extra += 1
        extraRows.append(finding)
      }
    }
    for (row, left) in unmatched where left > 0 {
      byRule[row.rule, default: Counts()].missed += left
      missedRows += Array(repeating: row, count: left)
    }
    missedRows.sort { ($0.session, $0.line) < ($1.session, $1.line) }
  }

  /// All rules together.
  var total: Counts {
    byRule.values.reduce(into: Counts()) {
      $0.expected += $1.expected
      $0.matched += $1.matched
      $0.missed += $1.missed
      $0.extra += $1.extra
    }
  }

  /// The Markdown table: a row per rule seen, then the total; notes per million events.
  func table(events: Int) -> String {
    var lines = ["| rule | expected | matched | missed | extra |", "| --- | ---: | ---: | ---: | ---: |"]
    for rule in byRule.keys.sorted() {
      let counts = byRule[rule]!
      lines.append("| \(rule) | \(counts.expected) | \(counts.matched) | \(counts.missed) | \(counts.extra) |")
    }
    let all = total
    lines.append("| **all** | \(all.expected) | \(all.matched) | \(all.missed) | \(all.extra) |")
    let findings = all.matched + all.extra
    let share = { (part: Int, whole: Int) in
      whole == 0 ? "0" : String(format: "%.2f", 100 * Double(part) / Double(whole))
    }
    lines.append("")
    lines.append(
      "extra: \(share(all.extra, findings)) % of findings; missed: \(share(all.missed, all.expected)) % of the "
        + "anomalies; \(Self.disagreement) notes: \(notes) (\(String(format: "%.1f", perMillion(notes, events))) per "
        + "million events)")
    return lines.joined(separator: "\n")
  }

  private func perMillion(_ count: Int, _ events: Int) -> Double {
    events == 0 ? 0 : Double(count) * 1_000_000 / Double(events)
  }
}
