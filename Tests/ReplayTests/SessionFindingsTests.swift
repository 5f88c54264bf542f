import Testing
import TraceModel

@testable import Replay

/// ``SessionFindings`` hands a session's findings on in line order (ties in the order made),
/// whatever their number: past its window they wait in a temporary file, and come back whole.
@Suite("Session findings")
struct SessionFindingsTests {
  /// A finding at `line` whose message records which one it was.
  static func finding(line: Int, _ ordinal: Int, logged: Bool = false) -> Finding {
    let origin = ConsoleOrigin(timestamp: "12:00:00.\(ordinal)", process: "App", pid: ordinal % 3 == 0 ? nil : ordinal)
    return Finding(
      ruleID: "rule-\(ordinal % 7)", severity: Severity.allCases[ordinal % Severity.allCases.count], line: line,
      session: ordinal % 5, message: "finding \(ordinal) — ünïcode \u{1F600}",
      hint: String(repeating: "h", count: ordinal % 50),
      subjects: [
        Finding.Subject(address: "0x\(ordinal)", className: ordinal % 4 == 0 ? nil : "C\(ordinal)", isPopover: false),
        Finding.Subject(address: "0xp", className: "UIPopoverController", isPopover: true),
      ],
      source: logged ? .uikit : .replay, logged: logged ? origin : nil,
      appController: ordinal % 3 == 0
        ? nil : Finding.Subject(address: "0xa\(ordinal)", className: "App", isPopover: false),
      call: ordinal % 4 == 0 ? nil : AppCall.allCases[ordinal % AppCall.allCases.count],
      decidedLine: ordinal % 5 == 0 ? nil : line + ordinal % 9, frame: ordinal % 6 == 0 ? nil : "-[A b] + \(ordinal)")
  }

  /// Findings appended in batches as a replay makes them: mostly in line order, with some at
  /// earlier lines (what a session's end reports about its start) and ties on a line.
  static func made(_ count: Int) -> [[Finding]] {
    var batches: [[Finding]] = []
    var ordinal = 0
    var line = 2
    while ordinal < count {
      var batch: [Finding] = []
      for _ in 0..<(1 + ordinal % 3) where ordinal < count {
        let at = ordinal % 97 == 0 ? 2 + ordinal % 11 : line
        batch.append(finding(line: at, ordinal, logged: ordinal % 10 == 0))
        ordinal += 1
      }
      batches.append(batch)
      line += ordinal % 4 == 0 ? 0 : 1
    }
    return batches
  }

  /// What reading must give: by line, then in the order made.
  static func expected(_ batches: [[Finding]]) -> [Finding] {
    let all = batches.flatMap { $0 }
    return all.indices.sorted { (all[$0].line, $0) < (all[$1].line, $1) }.map { all[$0] }
  }

  @Test("findings come back by line, ties in the order made, with a window of any size", arguments: [1, 7, 64, 4096])
  func order(window: Int) {
    let batches = Self.made(3000)
    let findings = SessionFindings(windowCapacity: window)
    for batch in batches { findings.append(contentsOf: batch) }
    #expect(findings.count == 3000)
    #expect(Array(findings) == Self.expected(batches))
  }

  @Test("no findings read as none")
  func empty() {
    #expect(Array(SessionFindings(windowCapacity: 4)).isEmpty)
  }

  @Test("a finding written to the temporary file reads back equal, field for field")
  func roundTrip() {
    var bytes: [UInt8] = []
    let originals = (0..<200).map { Self.finding(line: $0 * 1000, $0, logged: $0 % 2 == 0) }
    for finding in originals { finding.encode(into: &bytes) }
    var decoded: [Finding] = []
    var offset = 0
    bytes.withUnsafeBytes { buffer in
      while let (finding, next) = Finding.decoded(from: buffer, at: offset) {
        decoded.append(finding)
        offset = next
      }
    }
    #expect(decoded == originals)
    #expect(offset == bytes.count)
  }
}
