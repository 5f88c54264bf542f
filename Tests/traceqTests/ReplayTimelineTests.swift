import Foundation
import TestSupport
import Testing

/// `traceq replay` without `--at` prints every finding of the replay that `check` reports,
/// including those the model holds until the session ends.
@Suite("replay's timeline")
struct ReplayTimelineTests {
  /// One finding of `check --format json`, as the timeline prints it.
  struct Finding: Decodable {
    var rule: String
    var message: String
    var foundBy: String

    enum CodingKeys: String, CodingKey {
      case rule, message
      case foundBy = "found_by"
    }

    var timelineText: String { "\(message) [\(rule)]" }
  }

  struct Report: Decodable { var findings: [Finding] }

  @Test(
    "each sample's timeline prints the findings check reports from its replay",
    arguments: Samples.expected.keys.sorted())
  func sameFindings(sample: String) throws {
    let runner = CommandRunner(directory: Samples.directory)
    let check = try runner.run(["check", "--format", "json", sample])
    let findings = try JSONDecoder().decode(Report.self, from: Data(check.output.utf8)).findings
      .filter { $0.foundBy == "replay" }
    let timeline = try runner.run(["replay", sample])
    #expect(timeline.status == 0, "\(timeline.error)")
    for finding in findings {
      #expect(timeline.output.contains(finding.timelineText), "\(sample): \(finding.rule) is missing")
    }
  }

  @Test("an empty file says it holds no events")
  func emptyFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(FileManager.default.createFile(atPath: directory.file("empty.ndjson"), contents: Data()))
    let result = try CommandRunner(directory: directory.path).run(["replay", "empty.ndjson"])
    #expect(result.status == 0)
    #expect(result.error.hasPrefix("empty.ndjson:0: warning: the file is empty"), "\(result.error)")
  }
}
