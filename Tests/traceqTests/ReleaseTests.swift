import Foundation
import Replay
import TestSupport
import Testing

@testable import traceq

/// One version everywhere, real links, and the JSON files described by the schemas in docs/.
@Suite("Release: version, links and schemas")
struct ReleaseTests {
  static let root = DocumentationTests.root

  @Test("--version, the JSON report and SARIF's driver say the one version; CHANGELOG has it")
  func oneVersion() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    let runner = CommandRunner(directory: workspace.path)
    #expect(try runner.run(["--version"]).output == Release.version + "\n")
    let json = try CheckFixtures.json(try runner.run(["check", "--format", "json", "samples"]).output)
    #expect(json["tool_version"] as? String == Release.version)
    let sarif = try CheckFixtures.json(try runner.run(["check", "--format", "sarif", "samples"]).output)
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["version"] as? String == Release.version)
    #expect(driver["informationUri"] as? String == Release.repository)
    for rule in try #require(driver["rules"] as? [[String: Any]]).dropLast() {
      let id = try #require(rule["id"] as? String)
      #expect(rule["helpUri"] as? String == "\(Release.repository)/blob/v\(Release.version)/docs/rules.md#\(id)")
      #expect(try DocumentationTests.read("docs/rules.md").contains("\n## \(id)\n"), "the anchor #\(id) exists")
    }
    let changelog = try DocumentationTests.read("CHANGELOG.md")
    #expect(changelog.contains("## [\(Release.version)]"), "CHANGELOG.md has a section for \(Release.version)")
    #expect(try DocumentationTests.read("LICENSE").contains("Apache License"))
  }

  @Test("install instructions name this version: release archives, Mint, the Action, the formula")
  func installInstructionsVersion() throws {
    for file in ["README.md", "docs/install.md", "docs/homebrew/traceq.rb"] {
      let text = try DocumentationTests.read(file)
      let versions =
        text.matches(of: /releases\/download\/v([0-9]+\.[0-9]+\.[0-9]+)/).map { String($0.output.1) }
        + text.matches(of: /traceq-([0-9]+\.[0-9]+\.[0-9]+)-/).map { String($0.output.1) }
        + text.matches(of: /traceq\/traceq@v([0-9]+\.[0-9]+\.[0-9]+)/).map { String($0.output.1) }
        + text.matches(of: /version=([0-9]+\.[0-9]+\.[0-9]+)/).map { String($0.output.1) }
        + text.matches(of: /tag: "v([0-9]+\.[0-9]+\.[0-9]+)"/).map { String($0.output.1) }
      #expect(!versions.isEmpty || file == "docs/homebrew/traceq.rb", "\(file) names no version")
      for version in versions { #expect(version == Release.version, "\(file) names \(version)") }
    }
  }

  @Test("no placeholder links in the README, docs, the Action or the release script; one repository URL")
  func noPlaceholders() throws {
    let files =
      ["README.md", "CHANGELOG.md", "action.yml", "Scripts/release"]
      + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path))
      .filter { $0.hasSuffix(".md") || $0.hasSuffix(".json") || $0.hasSuffix(".rb") }.map { "docs/" + $0 }
    for file in files {
      let text = try DocumentationTests.read(file)
      for placeholder in ["your-org", "example.com", "example.org", "OWNER/", "<org>", "<owner>", "TODO", "XXX"] {
        #expect(!text.contains(placeholder), "\(file) contains the placeholder \(placeholder)")
      }
      for match in text.matches(of: /github\.com\/([A-Za-z0-9_.-]+)\/traceq\b/) {
        #expect(
          "https://" + match.output.0 == Release.repository,
          "\(file) links \(match.output.0), not \(Release.repository)"
        )
      }
    }
  }

  @Test("JSON reports of real runs match docs/report.schema.json")
  func reportSchema() throws {
    let validator = try JSONSchemaValidator(
      schema: Data(try DocumentationTests.read("docs/report.schema.json").utf8))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let broken = try Fixture.write(
      TraceText.lines(CheckFixtures.releasedPopover() + ["{not json", #"{"ev":"viewDidAppear"}"#]),
      to: directory.file("broken.ndjson.gz"))
    let suppressing = try CheckFixtures.policy(
      """
      suppressions:
        - rule: popover-released-while-visible
          reason: "IOS-1: known"
      """)
    let reports = [
      try CheckFixtures.report(.json, CheckFixtures.samples).text,
      try CheckFixtures.report(.json, [broken]).text,
      try CheckFixtures.report(.json, [broken], policy: suppressing).text,
    ]
    for report in reports {
      let value = try JSONSerialization.jsonObject(with: Data(report.utf8))
      #expect(validator.problems(value) == [])
    }
    let sample = try CheckFixtures.json(reports[1])
    #expect(!((sample["issues"] as? [Any]) ?? []).isEmpty, "the broken trace's lines are in the report")
    var wrong = sample
    wrong["version"] = 2
    wrong["extra"] = true
    #expect(validator.problems(wrong).count == 2, "the validator does reject what the schema forbids")
  }

  @Test("a baseline --write-baseline writes matches docs/baseline.schema.json")
  func baselineSchema() throws {
    let validator = try JSONSchemaValidator(
      schema: Data(try DocumentationTests.read("docs/baseline.schema.json").utf8))
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    let result = try CommandRunner(directory: workspace.path).run(["check", "--write-baseline", "base.json", "samples"])
    #expect(result.status == 0)
    let value = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: workspace.file("base.json"))))
    #expect(validator.problems(value) == [])
    #expect(((value as? [String: Any])?["findings"] as? [Any])?.isEmpty == false)
  }
}
