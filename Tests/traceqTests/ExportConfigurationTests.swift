import Foundation
import TestSupport
import Testing

/// `traceq report` and `traceq export` apply `.traceq.yml` and the rule flags as `check` does.
@Suite("report and export honour .traceq.yml")
struct ExportConfigurationTests {
  /// A checkout: the double-popover sample in `traces/`, the portrait sample in
  /// `traces/legacy/`, and `configuration` as `.traceq.yml` (none when nil).
  static func checkout(configuration: String?) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.file("traces/legacy"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Samples.path("homepwner-ipad-double-camera.ndjson.gz"), toPath: directory.file("traces/camera.ndjson.gz"))
    try FileManager.default.copyItem(
      atPath: Samples.path("portrait-screen-after-pop.ndjson.gz"),
      toPath: directory.file("traces/legacy/portrait.ndjson.gz"))
    if let configuration {
      try configuration.write(toFile: directory.file(".traceq.yml"), atomically: true, encoding: .utf8)
    }
    return directory
  }

  static let configuration = """
    disabled_rules: [popover-released-while-visible]
    excluded: [legacy]
    suppressions:
      - rule: double-presented-popover
        reason: "IOS-1: the camera button is reworked"

    """

  @Test("rules, exclusions and suppressions: the page and the timeline leave out what check leaves out")
  func configured() throws {
    let directory = try Self.checkout(configuration: Self.configuration)
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let check = try runner.run(["check", "traces"])
    #expect(check.status == 0, "\(check.output)\(check.error)")
    #expect(check.output.contains("1 suppressed by the configuration"), "\(check.output)")

    let report = try runner.run(["report", "traces", "-o", "report.html"])
    #expect(report.status == 0, "\(report.error)")
    let named = try runner.run(["report", "traces/legacy/portrait.ndjson.gz", "-o", "excluded.html"])
    #expect(named.status == 2 && named.error.contains("portrait.ndjson.gz: note: not exported: excluded by"))
    let html = try String(contentsOfFile: directory.file("report.html"), encoding: .utf8)
    #expect(html.contains("1 trace file · 1 session · 16 events · 0 findings (1 suppressed by the configuration)"))
    #expect(!html.contains("popover-released-while-visible") && !html.contains("class=\"marker "))

    let export = try runner.run(["export", "--perfetto", "trace.json", "traces"])
    #expect(export.status == 0, "\(export.error)")
    let json = try String(contentsOfFile: directory.file("trace.json"), encoding: .utf8)
    #expect(!json.contains(#""ph":"i""#), "no finding on the timeline")
    #expect(json.contains("camera.ndjson.gz") && !json.contains("legacy"), "the excluded trace is not exported")
  }

  @Test("without a configuration every finding is there; --config and the flags are read as check reads them")
  func flags() throws {
    let directory = try Self.checkout(configuration: nil)
    defer { directory.remove() }
    try Self.configuration.write(toFile: directory.file("strict.yml"), atomically: true, encoding: .utf8)
    let runner = CommandRunner(directory: directory.path)
    #expect(try runner.run(["report", "traces", "-o", "all.html"]).status == 0)
    let all = try String(contentsOfFile: directory.file("all.html"), encoding: .utf8)
    #expect(all.contains("2 trace files · 2 sessions") && all.contains("<code>[popover-released-while-visible]</code>"))

    #expect(try runner.run(["report", "--config", "strict.yml", "traces", "-o", "configured.html"]).status == 0)
    let configured = try String(contentsOfFile: directory.file("configured.html"), encoding: .utf8)
    #expect(configured.contains("0 findings (1 suppressed by the configuration)"))

    let flagged = try runner.run([
      "export", "--perfetto", "-", "--rule", "double-presented-popover", "traces/camera.ndjson.gz",
    ])
    #expect(flagged.status == 0, "\(flagged.error)")
    #expect(flagged.output.components(separatedBy: #""ph":"i""#).count - 1 == 1, "only the rule asked for")

    try "disabled_rules: [no-such-rule]\n".write(toFile: directory.file("bad.yml"), atomically: true, encoding: .utf8)
    let bad = try runner.run(["report", "--config", "bad.yml", "traces", "-o", "bad.html"])
    #expect(bad.status == 2 && bad.error.contains("bad.yml:1: error: "), "\(bad.error)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("bad.html")))
  }

  @Test("--source-root: each finding of the report names its place in the app's sources")
  func sourceRoot() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let root = URL(fileURLWithPath: Samples.directory).deletingLastPathComponent()
      .appendingPathComponent("Tests/Fixtures/SampleApp").path
    let result = try CommandRunner(directory: directory.path).run([
      "report", "--source-root", root, Samples.path("homepwner-ipad-double-camera.ndjson.gz"), "-o", "r.html",
    ])
    #expect(result.status == 0, "\(result.error)")
    let html = try String(contentsOfFile: directory.file("r.html"), encoding: .utf8)
    #expect(
      html.contains("in the app: <code>\(root)/Homepwner/BNRDetailViewController.m:23 in -[BNRDetailViewController "),
      "the flagship finding is where the app presents the second popover")
  }
}
