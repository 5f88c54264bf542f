import Foundation
import TestSupport
import Testing

/// The report as a browser shows it: `Scripts/report-screenshot.sh` opens a page in headless
/// Chromium (it fails on a console error or an uncaught exception) and saves a screenshot,
/// whose pixels must show a drawn page, not a blank one. Skipped where Chromium is not
/// installed, unless `TRACEQ_REQUIRE_CHROMIUM=1` (CI sets it). With `TRACEQ_SCREENSHOT_DIR`,
/// the screenshots are kept there (`TRACEQ_SCREENSHOT_DIR=docs` renews the pictures of
/// docs/export.md).
@Suite("the report in headless Chromium", .serialized)
struct ReportScreenshotTests {
  static let script = URL(fileURLWithPath: Samples.directory).deletingLastPathComponent()
    .appendingPathComponent("Scripts/report-screenshot.sh").path
  static let environment = ProcessInfo.processInfo.environment
  static let required = environment["TRACEQ_REQUIRE_CHROMIUM"] == "1"
  /// Chromium on the `PATH`, as the script looks for it.
  static let chromium = (environment["PATH"] ?? "").split(separator: ":").flatMap { directory in
    ["chromium", "chromium-browser"].map { "\(directory)/\($0)" }
  }.first { FileManager.default.isExecutableFile(atPath: $0) }
  static let runs = chromium != nil || required

  /// A page is drawn, not blank or near-blank, when more than 3 % of it is not background (a
  /// line of text is well under 1 %).
  static func isDrawn(_ content: PNGImage.Content) -> Bool { content.inked > 0.03 }

  /// A timeline is drawn when more than 1 % of the picture is in colour (its bars; text is
  /// black and grey, links and severity shapes well under 1 %).
  static func showsTimeline(_ content: PNGImage.Content) -> Bool { content.coloured > 0.01 }

  /// Screenshots `html` (opened at `fragment`) at `size`; returns the script's status, its log
  /// and the picture (nil when none was written).
  static func screenshot(_ html: String, fragment: String = "", size: String = "1280,1000", to png: String) throws
    -> (status: Int32, log: String, image: PNGImage?)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = [html, png, fragment, size]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let data = FileManager.default.contents(atPath: png)
    return (process.terminationStatus, log, try data.map(PNGImage.init(data:)))
  }

  /// Keeps `png` as `name` in `TRACEQ_SCREENSHOT_DIR`, when it is set.
  static func keep(_ png: String, as name: String) throws {
    guard let directory = environment["TRACEQ_SCREENSHOT_DIR"] else { return }
    let target = directory + "/" + name
    try? FileManager.default.removeItem(atPath: target)
    try FileManager.default.copyItem(atPath: png, toPath: target)
  }

  @Test("TRACEQ_REQUIRE_CHROMIUM=1 fails where Chromium is missing", .enabled(if: required))
  func chromiumIsInstalled() {
    #expect(Self.chromium != nil, "TRACEQ_REQUIRE_CHROMIUM=1, but no chromium on the PATH")
  }

  @Test("the checks fail on a blank page and on a page that logs an error", .enabled(if: runs))
  func blankAndBrokenPages() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try "<!DOCTYPE html><html><body></body></html>".write(
      toFile: directory.file("blank.html"), atomically: true, encoding: .utf8)
    let blank = try Self.screenshot(directory.file("blank.html"), to: directory.file("blank.png"))
    #expect(blank.status == 0, "\(blank.log)")
    let picture = try #require(blank.image)
    #expect(picture.width == 1280 && picture.height == 1000)
    #expect(!Self.isDrawn(picture.content), "a blank page: \(picture.content)")

    try "<!DOCTYPE html><p>text only</p><script>undefinedFunction()</script>".write(
      toFile: directory.file("broken.html"), atomically: true, encoding: .utf8)
    let broken = try Self.screenshot(directory.file("broken.html"), to: directory.file("broken.png"))
    #expect(broken.status == 1 && broken.log.contains("undefinedFunction is not defined"), "\(broken.log)")
    #expect(!Self.isDrawn(try #require(broken.image).content), "a line of text is not a drawn page")
  }

  @Test("the double-popover sample's report, opened on its first finding, is drawn", .enabled(if: runs))
  func doublePopover() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    // Under the path a user types from a clone, which the page shows in its title.
    let sample = "samples/homepwner-ipad-double-camera.ndjson.gz"
    try FileManager.default.createDirectory(atPath: directory.file("samples"), withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      atPath: Samples.path("homepwner-ipad-double-camera.ndjson.gz"), toPath: directory.file(sample))
    let report = try runner.run(["report", sample, "-o", "report.html"])
    #expect(report.status == 0, "\(report.error)")
    let shot = try Self.screenshot(directory.file("report.html"), fragment: "#f1-1", to: directory.file("shot.png"))
    #expect(shot.status == 0, "\(shot.log)")
    let content = try #require(shot.image).content
    #expect(Self.isDrawn(content) && Self.showsTimeline(content), "\(content)")
    try Self.keep(directory.file("shot.png"), as: "report-double-popover.png")
  }

  /// The page as it opens: the summary and the triage table. (Chromium's `--screenshot`
  /// captures the top of the page, whatever a fragment scrolls to: a later session's timeline
  /// cannot be pictured this way.)
  @Test("a 200,000-event trace's report is drawn", .enabled(if: runs))
  func largeTrace() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let generated = try runner.run([
      "generate", "--events", "200000", "--sessions", "40", "--anomalies", "0.002", "trace.ndjson.gz",
    ])
    #expect(generated.status == 0, "\(generated.error)")
    let report = try runner.run(["report", "trace.ndjson.gz", "-o", "report.html"])
    #expect(report.status == 0, "\(report.error)")
    let shot = try Self.screenshot(directory.file("report.html"), to: directory.file("shot.png"))
    #expect(shot.status == 0, "\(shot.log)")
    let content = try #require(shot.image).content
    #expect(Self.isDrawn(content), "\(content)")
    try Self.keep(directory.file("shot.png"), as: "report-200k.png")
  }
}
