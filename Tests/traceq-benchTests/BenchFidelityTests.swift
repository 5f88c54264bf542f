import Foundation
import Testing

@testable import traceq_bench

@Suite("traceq-bench fidelity: matching findings against ground truth")
struct FidelityTests {
  private func row(_ session: Int, _ line: Int, _ rule: String) -> FidelityTally.Row {
    FidelityTally.Row(session: session, line: line, rule: rule)
  }

  @Test("a finding matches a truth row of the same session, line and rule; the rest are missed or extra")
  func matching() {
    var tally = FidelityTally()
    tally.add(
      truth: [row(1, 10, "already-presenting"), row(1, 12, "already-presenting"), row(2, 10, "already-presenting")],
      findings: [
        row(1, 10, "already-presenting"), row(2, 11, "already-presenting"), row(1, 12, "present-from-detached"),
        row(1, 20, "model-disagreement"),
      ])
    #expect(tally.byRule["already-presenting"] == FidelityTally.Counts(expected: 3, matched: 1, missed: 2, extra: 1))
    #expect(tally.byRule["present-from-detached"] == FidelityTally.Counts(expected: 0, matched: 0, missed: 0, extra: 1))
    #expect(tally.byRule["model-disagreement"] == nil && tally.notes == 1)
    #expect(tally.missedRows == [row(1, 12, "already-presenting"), row(2, 10, "already-presenting")])
    #expect(tally.total == FidelityTally.Counts(expected: 3, matched: 1, missed: 2, extra: 2))
  }

  @Test("two findings of one rule on one line need two truth rows")
  func duplicates() {
    var tally = FidelityTally()
    tally.add(
      truth: [row(1, 5, "rejected-orientation")],
      findings: [row(1, 5, "rejected-orientation")] + [row(1, 5, "rejected-orientation")])
    #expect(tally.byRule["rejected-orientation"] == FidelityTally.Counts(expected: 1, matched: 1, missed: 0, extra: 1))
  }

  @Test("the table gives the shares of extra and missed findings and the notes per million events")
  func table() {
    var tally = FidelityTally()
    tally.add(
      truth: [row(1, 1, "a-rule"), row(1, 2, "a-rule"), row(1, 3, "a-rule"), row(1, 4, "a-rule")],
      findings: [
        row(1, 1, "a-rule"), row(1, 2, "a-rule"), row(1, 3, "a-rule"), row(1, 9, "a-rule"),
        row(1, 9, "model-disagreement"),
      ])
    let table = tally.table(events: 2_000_000)
    #expect(table.contains("| a-rule | 4 | 3 | 1 | 1 |"))
    #expect(table.contains("extra: 25.00 % of findings; missed: 25.00 % of the anomalies"))
    #expect(table.contains("model-disagreement notes: 1 (0.5 per million events)"))
  }

  @Test("ground-truth rows are read from the TSV that UIKitSimulator and traceq generate write")
  func truthRows() throws {
    let rows = try Fidelity.truthRows(
      Array("line\tsession\trule\n12\t1\talready-presenting\n40\t2\tpush-same-instance\n".utf8))
    #expect(rows == [row(1, 12, "already-presenting"), row(2, 40, "push-same-instance")])
    #expect(throws: BenchError.self) { try Fidelity.truthRows(Array("line\tsession\trule\n12\tone\tx\n".utf8)) }
  }

  @Test("extra findings group by their message with addresses and numbers blanked")
  func patterns() {
    #expect(
      FidelityPatterns.blank("Attempt to present X 0x7fab12 on Y 0xc3 since line 4812")
        == "Attempt to present X 0x… on Y 0x… since line N")
    #expect(FidelityPatterns.event(of: #"{"t":1.0,"ev":"present","vc":"0x1","class":"Alert"}"#) == "present (Alert)")
    #expect(FidelityPatterns.event(of: #"{"ev":"pop","nav":"0x1"}"#) == "pop")
  }

  @Test("the fidelity options: sizes with units, a misuse rate within bounds, sessions by default per 5,000 events")
  func options() throws {
    let options = try FidelityOptions(["--events", "200k", "--seed", "4", "--misuse", "0.005", "--keep", "/tmp/x"])
    #expect(options.events == 200_000 && options.seed == 4 && options.misuse == 0.005 && options.keep == "/tmp/x")
    #expect(options.sessions == 40)
    #expect(try FidelityOptions(["--events", "2k", "--sessions", "3"]).sessions == 3)
    for bad in [["--misuse", "0.5"], ["--events"], ["--sessions", "9", "--events", "5"], ["--bogus"]] {
      #expect(throws: BenchError.self, "\(bad)") { try FidelityOptions(bad) }
    }
  }

  @Test("traceq-bench fidelity runs end to end: a table, no input issues, nothing kept by default")
  func endToEnd() throws {
    let report = try Fidelity.run(try FidelityOptions(["--events", "6k", "--sessions", "3", "--seed", "2"]))
    #expect(report.contains("| **all** |"))
    #expect(report.contains("; 0 input issues; 0 callbacks the simulation itself found out of order."))
    #expect(!report.contains("Kept:"))
  }

  @Test("docs/performance.md documents every option of traceq-bench fidelity")
  func documented() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let document = try String(contentsOf: root.appendingPathComponent("docs/performance.md"), encoding: .utf8)
    let options = FidelityOptions.usage.matches(of: #/--[a-z]+/#).map { String($0.output) }
    #expect(options.count >= 6)
    for option in options where option != "--help" {
      let documented = document.contains("`\(option)")
      #expect(documented, "\(option) is not in docs/performance.md")
    }
  }
}

/// The replay against UIKitSimulator's ground truth, held to the bounds traceq promises on
/// traces it did not write: no extra finding of the presentation family, extra and missed
/// findings each under 0.5 %, and under 10 `model-disagreement` notes per million events.
@Suite("Fidelity of the replay on simulated sessions")
struct ReplayFidelityTests {
  static let presentationRules: Set<String> = [
    "already-presenting", "dismiss-during-transition", "not-in-window-hierarchy", "present-active-controller",
    "present-during-transition", "present-from-detached",
  ]

  @Test("200 k simulated events: the replay finds what the simulation decided", arguments: [1, 2])
  func withinBounds(seed: Int) throws {
    let measured = try Fidelity.measure(try FidelityOptions(["--events", "200k", "--seed", "\(seed)"]))
    let tally = measured.tally
    let total = tally.total
    let findings = total.matched + total.extra
    #expect(total.expected > 500, "too little misuse to measure")
    for rule in Self.presentationRules {
      #expect(tally.byRule[rule]?.extra ?? 0 == 0, "extra \(rule)\n\(measured.patterns)")
    }
    #expect(total.extra * 200 < findings, "extra: \(total.extra) of \(findings)\n\(measured.patterns)")
    #expect(total.missed * 200 < total.expected, "missed: \(total.missed) of \(total.expected)\n\(measured.patterns)")
    #expect(tally.notes * 100_000 < measured.events, "\(tally.notes) model-disagreement notes")
  }
}
