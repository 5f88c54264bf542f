import Replay

/// The `--cross-check` table of the text report: each finding of a session with both recorded
/// events and UIKit diagnostics, and whether the other side agrees.
struct CrossCheckTable {
  private var rows: [(verdict: String, rule: String, replay: String, uikit: String)] = []
  private var counts: [CrossCheck.Verdict: Int] = [:]

  mutating func add(_ entries: [CrossCheck.Entry], file: String) {
    for entry in entries {
      counts[entry.verdict, default: 0] += 1
      let uikit =
        entry.uikit.map { "\(file):\($0.line)" }
        ?? (entry.uikitReports ? "-" : "- (UIKit logs nothing for this rule)")
      rows.append((entry.verdict.rawValue, entry.rule, entry.replay.map { "\(file):\($0.line)" } ?? "-", uikit))
    }
  }

  /// The table's lines.
  var lines: [String] {
    guard !rows.isEmpty else {
      return ["cross-check: no session has both recorded events and UIKit diagnostics in its console"]
    }
    let summary = [
      "\(counts[.confirmed] ?? 0) confirmed",
      "\(counts[.missedByModel] ?? 0) missed by the model",
      "\(counts[.unconfirmed] ?? 0) unconfirmed",
    ]
    var lines = ["cross-check of the model against UIKit's console: \(summary.joined(separator: ", "))"]
    let header = ("VERDICT", "RULE", "REPLAY", "UIKIT")
    let all = [header] + rows.map { ($0.verdict, $0.rule, $0.replay, $0.uikit) }
    let widths = (all.map(\.0.count).max()!, all.map(\.1.count).max()!, all.map(\.2.count).max()!)
    for row in all {
      lines.append(
        "  " + row.0.padding(toLength: widths.0, withPad: " ", startingAt: 0) + "  "
          + row.1.padding(toLength: widths.1, withPad: " ", startingAt: 0) + "  "
          + row.2.padding(toLength: widths.2, withPad: " ", startingAt: 0) + "  " + row.3)
    }
    return lines
  }
}
