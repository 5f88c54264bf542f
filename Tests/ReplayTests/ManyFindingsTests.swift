import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

/// A session can make a finding for every controller it names: a child added without
/// didMoveToParent is reported when the session ends. The end hands its findings on a batch at
/// a time and the session's findings wait in a bounded window (the rest in a temporary file), so
/// memory stays flat however many there are (200,000 such children held 450 MB).
@Suite("Sessions with very many findings")
struct ManyFindingsTests {
  /// `0x1` is the window's root, with `children` children that never get didMoveToParent.
  static func unfinishedChildren(_ children: Int) -> [String] {
    [#"{"traceq":1,"idiom":"pad","os":"17.0"}"#, #"{"ev":"setRoot","vc":"0x1","class":"Root"}"#]
      + (2..<children + 2).map {
        #"{"ev":"addChild","parent":"0x1","vc":"0x\#(String($0, radix: 16))","class":"Child"}"#
      }
  }

  @Test("a session's end hands its findings on in batches of the bound, all of them, in line order")
  func endInBatches() throws {
    let children = 3 * SessionModel.finishBatch + 5
    let bytes = try Fixture.bytes(Self.unfinishedChildren(children).joined(separator: "\n") + "\n", .none)
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "flat.ndjson"))
    let watcher = EndWatcher()
    _ = try SessionDriver(rules: RuleSet()).run(stream, to: watcher)
    #expect(watcher.batches.count == 4)
    #expect(watcher.batches.allSatisfy { $0 <= SessionModel.finishBatch })
    #expect(watcher.batches.reduce(0, +) == children)
    // Every child, at the line that added it, in line order.
    #expect(watcher.ended == watcher.endFound)
    #expect(watcher.ended == (3..<children + 3).map { "\($0) did-move-missing" })
    #expect(watcher.mostInMemory <= SessionFindings.windowCapacity)
  }

  @Test("the state text of a container with thousands of children stops at the bound and counts the rest")
  func stateTextOfWideTree() throws {
    let children = 3000
    let bytes = try Fixture.bytes(Self.unfinishedChildren(children).joined(separator: "\n") + "\n", .none)
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "flat.ndjson"))
    let describer = StateAtEnd()
    _ = try SessionDriver(rules: RuleSet()).run(stream, to: describer)
    let lines = try #require(describer.text).split(separator: "\n")
    let bound = StateDescription.mostControllersDrawn
    // The root and its first children up to the bound, then one line for the others.
    #expect(lines.filter { $0.hasPrefix("    Child 0x") }.count == bound - 1)
    let rest = children - (bound - 1)
    #expect(
      lines.last
        == "    … \(rest) more children (and what they hold) not shown: the tree stops at \(bound) controllers")
  }

  @Test("the session's findings wait in memory a window at a time, however many are added at once")
  func windowBounded() {
    let findings = SessionFindings(windowCapacity: 64)
    let made = (0..<1000).map { SessionFindingsTests.finding(line: $0, $0) }
    findings.append(contentsOf: made[..<10])
    findings.append(contentsOf: made[10...])
    #expect(findings.mostInMemory <= 64)
    #expect(findings.count == 1000)
    #expect(Array(findings) == made)
  }
}

/// The sizes of the batches a session's end hands on, and what the driver ends it with.
private final class EndWatcher: SessionObserver {
  private(set) var batches: [Int] = []
  private(set) var endFound: [String] = []
  private(set) var ended: [String] = []
  private(set) var mostInMemory = 0

  func sessionEndFound(_ session: DrivenSession, findings: ArraySlice<Finding>) {
    batches.append(findings.count)
    endFound += findings.map { "\($0.line) \($0.ruleID)" }
  }

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
    ended = findings.map { "\($0.line) \($0.ruleID)" }
    mostInMemory = findings.mostInMemory
  }
}
