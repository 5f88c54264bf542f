import Foundation
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

/// Runs checks in process and builds the traces and configurations the CI tests need.
enum CheckFixtures {
  /// Every sample, in the order a directory walk gives them.
  static let samples = TraceFiles.list([Samples.directory]).files
  /// `file line rule` for every expected finding, in report order.
  static let sampleFindings: [(file: String, line: Int, rule: String)] = samples.flatMap { path in
    let name = URL(fileURLWithPath: path).lastPathComponent
    return (Samples.expected[name] ?? []).map { entry in
      let parts = entry.split(separator: " ")
      return (name, Int(parts[0]) ?? 0, String(parts[1]))
    }
  }

  /// A JSON report's top-level object.
  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The report `format` gives for `inputs`, with `policy` (the defaults when nil).
  static func report(
    _ format: ReportFormat, _ inputs: [String], policy: CheckPolicy? = nil, baseline: Baseline? = nil
  ) throws -> (text: String, outcome: CheckRun.Outcome) {
    let policy = try policy ?? Samples.policy()
    var lines: [String] = []
    let context = ReportContext(
      failingSeverity: policy.failingSeverity, rules: policy.rules, usesBaseline: baseline != nil)
    let reporter = format.makeReporter(output: { lines.append($0) }, colour: false, context: context)
    let outcome = CheckRun(
      inputs: inputs, policy: policy, baseline: baseline, reporter: reporter, errorOutput: { _ in }
    )
    .execute()
    return (lines.joined(separator: "\n"), outcome)
  }

  /// The policy a `.traceq.yml` with `text` gives, its patterns relative to `directory`.
  static func policy(_ text: String, directory: String = NSTemporaryDirectory()) throws -> CheckPolicy {
    try CheckPolicy(configuration: ConfigurationParser(file: ".traceq.yml", directory: directory).parse(text))
  }

  /// The findings of `inputs` under `policy`, as `line rule` strings.
  static func findings(_ inputs: [String], policy: CheckPolicy) -> [String] {
    final class Collector: FindingReporter {
      var lines: [String] = []
      func report(_ item: FileFinding) {
        lines.append("\(item.finding.line) \(item.finding.ruleID)\(item.suppression == nil ? "" : " suppressed")")
      }
      func report(issue: IngestIssue, file: String) {}
      func finish(_ tally: FindingTally) {}
    }
    let collector = Collector()
    _ = CheckRun(inputs: inputs, policy: policy, reporter: collector, errorOutput: { _ in }).execute()
    return collector.lines
  }

  /// An iPad session where popover `popover` showing a `UIImagePickerController` (`vc`) is
  /// released while visible: a `popover-released-while-visible` error at line 4.
  static func releasedPopover(popover: String = "0xd4", vc: String = "0xe5") -> [String] {
    [
      #"{"traceq":1,"idiom":"pad","os":"7.0"}"#,
      #"{"ev":"popoverCreate","popover":"\#(popover)","vc":"\#(vc)","class":"UIImagePickerController"}"#,
      #"{"ev":"popoverPresent","popover":"\#(popover)"}"#,
      #"{"ev":"popoverRelease","popover":"\#(popover)"}"#,
    ]
  }

  /// A phone session where a navigation controller gets viewWillAppear twice: an
  /// `unbalanced-appearance` warning at line 4 (and an `unfinished-appearance` note).
  static func doubleWillAppear(vc: String = "0xa1") -> [String] {
    [
      #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
      #"{"ev":"setRoot","vc":"\#(vc)","class":"UINavigationController"}"#,
      #"{"ev":"viewWillAppear","vc":"\#(vc)"}"#,
      #"{"ev":"viewWillAppear","vc":"\#(vc)"}"#,
    ]
  }

  /// The bundled samples copied into `directory`/samples, so that relative paths work there.
  static func copySamples(into directory: TemporaryDirectory) throws {
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: directory.file("samples"))
  }
}
