import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

/// A trace can nest controllers deeper than any app does. The model's walks of the hierarchy
/// stop at ``SessionModel/deepestChain`` controllers, so such a trace is checked in time linear
/// in its length (before, a chain of 200,000 `addChild` did not finish in an hour), and the
/// session gets one `hierarchy-too-deep` warning where the hierarchy grows past the bound.
@Suite("Hierarchies deeper than the model follows")
struct DeepHierarchyTests {
  /// `0x1` is the window's root; `0x2` … `0x<depth>` each the child of the one before.
  static func containmentChain(depth: Int) -> [String] {
    [#"{"traceq":1,"idiom":"pad","os":"17.0"}"#, #"{"ev":"setRoot","vc":"0x1","class":"Root"}"#]
      + (1..<depth).map { #"{"ev":"addChild","parent":"0x\#(hex($0))","vc":"0x\#(hex($0 + 1))","class":"Child"}"# }
  }

  /// `0x1` is the window's root; `0x2` … `0x<depth>` each presented full screen by the one
  /// before, once it appeared.
  static func presentationChain(depth: Int) -> [String] {
    [
      #"{"traceq":1,"idiom":"pad","os":"17.0"}"#, #"{"ev":"setRoot","vc":"0x1","class":"Root"}"#,
      #"{"ev":"viewWillAppear","vc":"0x1"}"#, #"{"ev":"viewDidAppear","vc":"0x1"}"#,
    ]
      + (1..<depth).flatMap { level in
        [
          #"{"ev":"present","presenter":"0x\#(hex(level))","vc":"0x\#(hex(level + 1))","class":"Sheet","style":"fullScreen"}"#,
          #"{"ev":"viewWillAppear","vc":"0x\#(hex(level + 1))"}"#,
          #"{"ev":"viewDidAppear","vc":"0x\#(hex(level + 1))"}"#,
        ]
      }
  }

  @Test("a containment chain of 5,000 levels is checked, with one warning", .timeLimit(.minutes(1)))
  func deepContainment() throws {
    let checked = try check(Self.containmentChain(depth: 5000))
    // The 257th controller is added at line 258.
    #expect(checked.warnings == ["258 hierarchy-too-deep"])
  }

  @Test("a presentation chain of 5,000 levels is checked, with one warning", .timeLimit(.minutes(1)))
  func deepPresentations() throws {
    let checked = try check(Self.presentationChain(depth: 5000))
    // The 257th controller is presented at line 5 + 3 × 255.
    // Past the bound the presenters' windows are out of reach: the presents after it are
    // reported from detached controllers, which the warning says may be wrong.
    #expect(checked.warnings == ["770 hierarchy-too-deep"])
  }

  @Test("chains as deep as the bound: no warning, and the findings of a shallow hierarchy")
  func chainsWithinTheBound() throws {
    let depth = SessionModel.deepestChain
    #expect(try check(Self.containmentChain(depth: depth)).warnings == [])
    #expect(try check(Self.presentationChain(depth: depth)).warnings == [])
    // Presents from the deepest controller are judged as from a shallow one: the second is
    // refused, its presenter already presents.
    let chain = Self.presentationChain(depth: depth - 1)
    let presentsFromLeaf = try check(
      chain + [
        #"{"ev":"present","presenter":"0x\#(hex(depth - 1))","vc":"0xfeed","class":"Sheet","style":"fullScreen"}"#,
        #"{"ev":"present","presenter":"0x\#(hex(depth - 1))","vc":"0xbeef","class":"Sheet","style":"fullScreen"}"#,
      ])
    #expect(presentsFromLeaf.warnings == [])
    #expect(presentsFromLeaf.findings == ["\(chain.count + 2) already-presenting"])
  }

  @Test(
    "the state text of a deep chain stops at the bound: its lines and indent stay bounded",
    .timeLimit(.minutes(1)), arguments: [false, true])
  func stateTextBounded(presentations: Bool) throws {
    let lines = presentations ? Self.presentationChain(depth: 5000) : Self.containmentChain(depth: 5000)
    let bytes = try Fixture.bytes(lines.joined(separator: "\n") + "\n", .none)
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "deep.ndjson"))
    let describer = StateAtEnd()
    _ = try SessionDriver(rules: RuleSet()).run(stream, to: describer)
    let text = try #require(describer.text)
    let bound = SessionModel.deepestChain
    #expect(text.contains("… deeper than \(bound) levels: not shown"))
    // Each controller up to the bound, the line saying the rest is left out and, for
    // presentations, as many of those on screen outside the tree as the bound and a count.
    let indented = text.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(indented.count == bound + 1 + (presentations ? bound + 1 : 0))
    #expect(indented.allSatisfy { $0.prefix { $0 == " " }.count <= 2 * bound })
    if presentations { #expect(text.contains("  … and \(5000 - 2 * bound) more")) }
  }

  /// `line rule` of each finding and `line kind` of each issue of `lines`.
  private func check(_ lines: [String]) throws -> (findings: [String], warnings: [String]) {
    let bytes = try Fixture.bytes(lines.joined(separator: "\n") + "\n", .none)
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "deep.ndjson"))
    var found: [String] = []
    var issues: [String] = []
    _ = try TraceChecker(rules: RuleSet()).check(
      stream, onFinding: { found.append("\($0.line) \($0.ruleID)") },
      onIssue: { issues.append("\($0.line) \($0.kind.rawValue)") })
    return (found, issues)
  }
}

private func hex(_ value: Int) -> String { String(value, radix: 16) }

/// The model's state text at the end of the session (before the pending findings).
final class StateAtEnd: SessionObserver {
  private var model: SessionModel?
  private(set) var text: String?

  func sessionStarted(_ session: DrivenSession) { model = session.replay?.model }
  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
    text = model.map { StateDescription($0).text }
  }
}
