import Foundation
import TestSupport
import Testing
import TraceModel

/// A directory of traces, console logs and crash reports (gzip and plain) checked and ingested
/// in one command, the way a CI job would.
@Suite("Console logs through the command line")
struct ConsoleLogCheckTests {
  static let deviceLog = """
    2023-11-23 10:11:12.001 Homepwner[812:3456] App launched
    2023-11-23 10:11:12.345 Homepwner[812:3456] [Presentation] Attempt to present <Homepwner.DetailViewController: 0x7f9c01> on
    <UINavigationController: 0x7f9c02> (from <Homepwner.ItemsViewController: 0x7f9c03>) whose view is not in the window hierarchy.
    2023-11-23 10:11:13.000 Homepwner[812:3456] Unbalanced calls to begin/end appearance transitions for <Homepwner.ItemsViewController: 0x7f9c03>.

    """

  static let crashReport = """
    Incident Identifier: 2F1B0E53-0A2C-4C29-9C29-6D6A1B7C1D2E
    Process:             Homepwner [4242]

    Application Specific Information:
    *** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'

    """

  static let recorded = TraceText.recordedWithConsole

  private func mixedDirectory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
    try Fixture.write(Self.deviceLog, .none, to: directory.file("in/device.log"))
    try Fixture.write(Self.deviceLog, .gzip, to: directory.file("in/simulator.log.gz"))
    try Fixture.write(Self.crashReport, .none, to: directory.file("in/Homepwner.crash"))
    try Fixture.write(Self.recorded, .gzip, to: directory.file("in/recorded.ndjson.gz"))
    return directory
  }

  @Test(
    "check reads every kind in a directory, says what each file was read as (--verbose), and reports UIKit's findings")
  func checkMixed() throws {
    let directory = try mixedDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let result = try runner.run(["check", "--cross-check", "--verbose", "in"])
    #expect(result.status == 1)
    let findings = result.output.split(separator: "\n").filter { $0.hasPrefix("in/") }.map {
      String($0.split(separator: ":")[0...1].joined(separator: ":")) + " " + String($0.split(separator: "[").last!)
    }
    #expect(
      findings == [
        "in/Homepwner.crash:5 popover-released-while-visible]",
        "in/device.log:2 not-in-window-hierarchy]", "in/device.log:4 unbalanced-appearance]",
        "in/recorded.ndjson.gz:7 popover-released-while-visible]", "in/recorded.ndjson.gz:9 unbalanced-appearance]",
        "in/simulator.log.gz:2 not-in-window-hierarchy]", "in/simulator.log.gz:4 unbalanced-appearance]",
      ])
    #expect(
      result.output.contains(
        "cross-check of the model against UIKit's console: 1 confirmed, 1 missed by the model, 0 unconfirmed"))
    #expect(result.output.contains("read as crash-report 1, xcode-console 2"))
    #expect(result.error.contains("in/Homepwner.crash: read as crash-report: 1 UIKit diagnostic"))
    #expect(result.error.contains("in/simulator.log.gz: read as xcode-console: 2 UIKit diagnostics"))
  }

  @Test("the JSON report gives each finding's source and the cross-check")
  func json() throws {
    let directory = try mixedDirectory()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(["check", "--format", "json", "in"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let findings = try #require(document["findings"] as? [[String: Any]])
    let sources = findings.map { "\($0["file"]!):\($0["line"]!) \($0["found_by"]!)" }
    #expect(sources.contains("in/recorded.ndjson.gz:7 replay") && sources.contains("in/recorded.ndjson.gz:9 uikit"))
    #expect(sources.contains("in/device.log:2 uikit"))
    let first = try #require(findings.first { ($0["file"] as? String) == "in/device.log" })
    #expect(first["process"] as? String == "Homepwner" && first["timestamp"] as? String == "2023-11-23 10:11:12.345")
    let crossCheck = try #require(document["cross_check"] as? [[String: Any]])
    #expect(
      crossCheck.map { "\($0["rule"]!) \($0["verdict"]!)" } == [
        "popover-released-while-visible confirmed", "unbalanced-appearance missed-by-model",
      ])
  }

  @Test("ingest stores the logs' diagnostics as console events; check --db gives the same findings")
  func ingestAndStoredCheck() throws {
    let directory = try mixedDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let ingest = try runner.run(["ingest", "--check", "in"])
    #expect(ingest.status == 1)
    #expect(
      ingest.output.contains(
        "in/device.log: 2 events, 1 session, 0 errors, 0 warnings, 2 findings, read as xcode-console"))
    #expect(
      ingest.output.contains(
        "in/Homepwner.crash: 1 event, 1 session, 0 errors, 0 warnings, 1 finding, read as crash-report"))
    let stored = try runner.run(["query", "SELECT rule, source FROM anomalies ORDER BY trace_id, line"])
    let check = try runner.run(["check", "--db", "traces.db"])
    let direct = try runner.run(["check", "in"])
    #expect(
      check.output.split(separator: "\n").filter { $0.hasPrefix("in/") }
        == direct.output.split(separator: "\n").filter { $0.hasPrefix("in/") })
    #expect(
      stored.output.contains("unbalanced-appearance,uikit")
        && stored.output.contains("popover-released-while-visible,replay"))
    let events = try runner.run(["query", "SELECT count(*) AS n FROM events WHERE ev = 'console'"])
    #expect(events.output == "n\n7\n")
  }
}
