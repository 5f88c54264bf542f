import Foundation
import TestSupport
import Testing

/// Every finding names the app's controller responsible (the presenter of a popover, the
/// container of a containment call, the controller deciding the orientation), with UIKit's
/// subject kept: in the message, the JSON report, the store, `ignored_classes`, and the state
/// at the line it is about.
@Suite("The app's controller of a finding")
struct AppControllerTests {
  static let camera = "homepwner-ipad-double-camera.ndjson.gz"

  @Test("the flagship: both findings name BNRDetailViewController; UIKit's picker stays a subject")
  func flagship() throws {
    let result = try CommandRunner(directory: NSTemporaryDirectory()).run([
      "check", "--format", "json", Samples.path(Self.camera),
    ])
    let findings = try #require(try CheckFixtures.json(result.output)["findings"] as? [[String: Any]])
    #expect(findings.count == 2)
    for finding in findings {
      let app = try #require(finding["app_controller"] as? [String: Any])
      #expect(app["class"] as? String == "BNRDetailViewController" && app["address"] as? String == "0xc3")
      let classes = (finding["subjects"] as? [[String: Any]] ?? []).compactMap { $0["class"] as? String }
      #expect(classes.first == "BNRDetailViewController" && classes.contains("UIImagePickerController"))
    }
  }

  @Test("a popover presented again while visible, with no content class, names the app's presenter")
  func presentedAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = try Fixture.write(
      TraceText.lines([
        #"{"traceq":1,"idiom":"pad","os":"9.0"}"#,
        #"{"ev":"setRoot","vc":"0xa1","class":"MyApp.SettingsViewController"}"#,
        #"{"ev":"popoverPresent","popover":"0xd4","from":"barButtonItem"}"#,
        #"{"ev":"popoverPresent","popover":"0xd4","from":"barButtonItem"}"#,
      ]), to: directory.file("again.ndjson.gz"))
    let result = try CommandRunner(directory: NSTemporaryDirectory()).run(["check", "--format", "json", trace])
    let finding = try #require((try CheckFixtures.json(result.output)["findings"] as? [[String: Any]])?.first)
    #expect(finding["rule"] as? String == "double-presented-popover" && finding["line"] as? Int == 4)
    #expect(finding["class"] as? String == "MyApp.SettingsViewController")
    #expect(
      finding["message"] as? String
        == "MyApp.SettingsViewController 0xa1 presented popover 0xd4 again while it is still visible")
  }

  @Test("ignored_classes names the app's controller: the flagship's findings are not reported")
  func ignoredClasses() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.copyItem(atPath: Samples.path(Self.camera), toPath: directory.file(Self.camera))
    try "ignored_classes: [BNRDetailViewController]\n".write(
      toFile: directory.file(".traceq.yml"), atomically: true, encoding: .utf8)
    let result = try CommandRunner(directory: directory.path).run(["check", Self.camera])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("0 errors, 0 warnings, 0 notes"))
  }

  @Test("ingest --check stores the app's controller and the deciding line in anomalies")
  func stored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let samples = ["homepwner-ipad-double-camera.ndjson.gz", "portrait-screen-after-pop.ndjson.gz"]
    let ingest = try runner.run(["ingest", "--check", "--db", "t.db"] + samples.map(Samples.path))
    #expect(ingest.status == 1, "\(ingest.error)")
    let rows = try runner.run([
      "query", "--db", "t.db", "--format", "csv",
      "SELECT line, rule, class, app_vc, app_class, decided_line FROM anomalies ORDER BY line",
    ])
    #expect(
      rows.output.split(separator: "\n").map(String.init) == [
        "line,rule,class,app_vc,app_class,decided_line",
        "15,double-presented-popover,BNRDetailViewController,0xc3,BNRDetailViewController,",
        "16,popover-released-while-visible,BNRDetailViewController,0xc3,BNRDetailViewController,",
        "25,unsupported-orientation-shown,MainViewController,0x8b20,MainViewController,30",
      ], "\(rows.output)\(rows.error)")
  }

  @Test("replay --lines shows a finding that waited at its own line, decided at the later one")
  func decidedLater() throws {
    let result = try CommandRunner(directory: NSTemporaryDirectory()).run([
      "replay", "--lines", "24-30", "--color", "never", Samples.path("portrait-screen-after-pop.ndjson.gz"),
    ])
    let lines = result.output.split(separator: "\n").map(String.init)
    let pop = try #require(lines.firstIndex { $0.hasPrefix("    25  ") })
    #expect(lines[pop + 1].contains("[unsupported-orientation-shown] (decided at line 30)"), "\(result.output)")
  }
}
