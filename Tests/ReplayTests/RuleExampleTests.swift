import Foundation
import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

/// A rule of the catalog, for parameterized tests.
struct RuleUnderTest: CustomTestStringConvertible, Sendable {
  let type: any Rule.Type
  var testDescription: String { type.description.id }
  var description: RuleDescription { type.description }
}

/// Replays `text` with `rules`; returns the findings.
func findings(in text: String, rules: RuleSet, compression: Compression = .none) throws -> [Finding] {
  let bytes = try Fixture.bytes(text, compression)
  let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "example.ndjson"))
  var found: [Finding] = []
  var issues: [IngestIssue] = []
  _ = try TraceChecker(rules: rules).check(stream, onFinding: { found.append($0) }, onIssue: { issues.append($0) })
  #expect(issues.isEmpty, "the example does not read cleanly: \(issues.map(\.message))")
  return found
}

/// The ways an example is disguised; each must give the same findings at the same lines.
enum Disguise: CaseIterable {
  case plain, gzip, withTimes, renamedAddresses, afterAnotherSession

  static let unrelatedSession = TraceText.lines([
    #"{"traceq":1,"idiom":"pad","os":"16.0"}"#,
    #"{"ev":"setRoot","vc":"0x9a","class":"UINavigationController"}"#,
    #"{"ev":"viewWillAppear","vc":"0x9a"}"#,
    #"{"ev":"viewDidAppear","vc":"0x9a"}"#,
  ])

  func apply(_ text: String, marked: [Int]) -> (text: String, marked: [Int], compression: Compression) {
    switch self {
    case .plain:
      return (text, marked, .none)
    case .gzip:
      return (text, marked, .gzip)
    case .withTimes:
      var time = 0.0
      let lines = text.split(separator: "\n").map { line -> String in
        guard line.hasPrefix(#"{"ev""#) else { return String(line) }
        time += 0.25
        return #"{"t":"# + String(time) + "," + line.dropFirst()
      }
      return (lines.joined(separator: "\n") + "\n", marked, .none)
    case .renamedAddresses:
      return (text.replacingOccurrences(of: #""0x"#, with: #""0x7ffe"#), marked, .none)
    case .afterAnotherSession:
      let shift = Self.unrelatedSession.split(separator: "\n").count
      return (Self.unrelatedSession + text, marked.map { $0 + shift }, .zlib)
    }
  }
}

@Suite("Rule examples")
struct RuleExampleTests {
  static let rules = RuleCatalog.all.map(RuleUnderTest.init)

  @Test("each rule reports exactly the marked lines of its examples, in every disguise", arguments: rules)
  func examplesBehave(_ rule: RuleUnderTest) throws {
    let only = RuleSet([rule.type])
    for (example, expectTrigger) in rule.description.triggering.map({ ($0, true) })
      + rule.description.nonTriggering.map({ ($0, false) })
    {
      let location = SourceLocation(
        fileID: "Replay/\(example.file)", filePath: example.file, line: example.line, column: 1)
      #expect(
        expectTrigger == !example.markedLines.isEmpty, "a triggering example marks its lines with ↓",
        sourceLocation: location)
      for disguise in Disguise.allCases {
        let variant = disguise.apply(example.text, marked: example.markedLines)
        let lines = try findings(in: variant.text, rules: only, compression: variant.compression).map(\.line)
        #expect(lines == variant.marked, "\(disguise)", sourceLocation: location)
      }
    }
  }

  @Test("every finding names its rule, a controller and a hint", arguments: rules)
  func findingsAreComplete(_ rule: RuleUnderTest) throws {
    for example in rule.description.triggering {
      for finding in try findings(in: example.text, rules: RuleSet([rule.type])) {
        #expect(finding.ruleID == rule.description.id)
        #expect(finding.severity == rule.description.severity)
        #expect(!finding.subjects.isEmpty || rule.description.id == "rejected-orientation")
        #expect(!finding.hint.isEmpty)
        #expect(!finding.message.isEmpty && !finding.message.hasSuffix("."))
      }
    }
  }
}
