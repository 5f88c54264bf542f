import Foundation
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

/// The bundled samples, as the README's main command checks them.
enum Samples {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples").path

  static func path(_ name: String) -> String { directory + "/" + name }

  /// The default policy: every rule, no configuration file.
  static func policy() throws -> CheckPolicy { try CheckPolicy(configuration: CheckConfiguration()) }

  /// What each sample must report: `line rule`, in file order.
  static let expected: [String: [String]] = [
    "homepwner-ipad-double-camera.ndjson.gz": ["15 double-presented-popover", "16 popover-released-while-visible"],
    "homepwner-iphone-rotation.ndjson.gz": [],
    "homepwner-ipad-new-item-formsheet.ndjson.gz": [],
    "flipside-balanced.ndjson.gz": [],
    "flipside-unbalanced.ndjson.gz": [
      "11 unbalanced-appearance", "13 unbalanced-appearance", "17 unfinished-appearance",
    ],
    "container-fast-swipe.ndjson.gz": ["30 did-move-missing", "45 transition-without-common-parent"],
    "portrait-screen-after-pop.ndjson.gz": ["25 unsupported-orientation-shown"],
    "no-common-orientation.ndjson.gz": ["2 no-common-orientation"],
  ]
}

/// Collects what a check reports.
final class CollectingReporter: FindingReporter {
  var findings: [FileFinding] = []
  var issues: [IngestIssue] = []
  var tally: FindingTally?
  func report(_ finding: FileFinding) { findings.append(finding) }
  func report(issue: IngestIssue, file: String) { issues.append(issue) }
  func finish(_ tally: FindingTally) { self.tally = tally }
}

@Suite("The bundled samples")
struct SampleTests {
  @Test("every sample file is listed with its expected findings")
  func allListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Samples.directory).filter { $0.hasSuffix(".gz") }
    #expect(Set(files) == Set(Samples.expected.keys))
  }

  @Test("each sample gives exactly its expected findings", arguments: Samples.expected.keys.sorted())
  func findings(_ name: String) throws {
    let reporter = CollectingReporter()
    let status = CheckRun(inputs: [Samples.path(name)], policy: try Samples.policy(), reporter: reporter)
      .execute().status
    #expect(reporter.issues.isEmpty)
    #expect(reporter.findings.map { "\($0.finding.line) \($0.finding.ruleID)" } == Samples.expected[name])
    let failing = reporter.findings.contains { $0.finding.severity == .error }
    #expect(status == (failing ? .findings : .clean))
  }

  @Test("the text report is Xcode-style with a hint and a summary")
  func textReport() throws {
    var lines: [String] = []
    let reporter = TextReporter(output: { lines.append($0) })
    let path = Samples.path("homepwner-ipad-double-camera.ndjson.gz")
    _ = CheckRun(inputs: [path], policy: try Samples.policy(), reporter: reporter).execute()
    #expect(
      lines[0] == "\(path):15: error: BNRDetailViewController 0xc3 presented popover 0xd6 while popover 0xd4 "
        + "(UIImagePickerController) is still visible [double-presented-popover]")
    #expect(lines[1].hasPrefix("  hint: Dismiss the visible popover first"))
    #expect(lines.contains("2 errors, 0 warnings, 0 notes in 1 file (1 session, 16 events)"))
  }
}
