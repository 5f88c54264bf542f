import Foundation
import TestSupport
import Testing

@testable import traceq

/// Each report format of `traceq check samples`, byte for byte, against a golden file in
/// `Golden/`. After an intended change: `TRACEQ_UPDATE_GOLDEN=1 swift test --filter GoldenReportTests`,
/// then review the diff. traceq's version is written `{version}` in them, so that a release
/// does not change them.
@Suite("Golden reports")
struct GoldenReportTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  @Test(
    "the report of the samples is the golden file",
    arguments: [
      ("text", "check.txt"), ("json", "check.json"), ("junit", "check.junit.xml"), ("sarif", "check.sarif"),
      ("github", "check.github.txt"), ("markdown", "check.md"),
    ])
  func golden(_ format: String, _ file: String) throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    var result = try CommandRunner(directory: workspace.path).run(["check", "--format", format, "samples"])
    #expect(result.status == 1)
    result.output = result.output.replacingOccurrences(of: "\"\(Release.version)\"", with: "\"{version}\"")
      .replacingOccurrences(of: "/v\(Release.version)/", with: "/v{version}/")
    let golden = Self.directory.appendingPathComponent(file)
    if ProcessInfo.processInfo.environment["TRACEQ_UPDATE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
      try result.output.write(to: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(result.output == expected, "the \(format) report changed; see \(golden.path)")
  }
}
