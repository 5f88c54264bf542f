import Foundation
import Replay
import TestSupport
import Testing

@testable import traceq

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The formats other tools consume (Checkstyle, GitLab Code Quality), the order of GitHub
/// annotations and Markdown rows, and bad lines as SARIF results.
@Suite("Formats for other tools")
struct ConsumerFormatTests {
  /// A trace with a bad line, next to the samples, checked from a workspace with relative paths.
  static func check(_ format: String, environment: [String: String] = [:]) throws -> CommandRunner.Result {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    _ = try Fixture.write(
      TraceText.lines(CheckFixtures.releasedPopover() + ["{broken"]), to: workspace.file("samples/z-broken.ndjson.gz"))
    var runner = CommandRunner(directory: workspace.path)
    runner.environment = environment
    return try runner.run(["check", "--format", format, "samples"])
  }

  @Test("checkstyle: Checkstyle 4.3 XML, a <file> per path, an <error> per finding and bad line")
  func checkstyle() throws {
    let result = try Self.check("checkstyle")
    #expect(result.status == 1)
    let document = try XMLDocument(data: Data(result.output.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "checkstyle" && root.attribute(forName: "version")?.stringValue == "4.3")
    let files = root.elements(forName: "file")
    #expect(Set(files.compactMap { $0.attribute(forName: "name")?.stringValue }).count == files.count, "one per path")
    #expect(root.children?.count == files.count, "only <file> elements under <checkstyle>")
    let errors = files.flatMap { $0.elements(forName: "error") }
    #expect(errors.count == CheckFixtures.sampleFindings.count + 2, "the new file's finding and its bad line")
    for error in errors {
      let attributes = Set((error.attributes ?? []).compactMap(\.name))
      #expect(attributes == ["line", "column", "severity", "message", "source"])
      #expect(Int(error.attribute(forName: "line")?.stringValue ?? "") ?? 0 >= 1)
      #expect(["error", "warning", "info"].contains(error.attribute(forName: "severity")?.stringValue ?? ""))
    }
    let sources = errors.compactMap { $0.attribute(forName: "source")?.stringValue }
    #expect(sources.contains("traceq.rules.popover-released-while-visible"))
    #expect(sources.contains("traceq.input.invalid-json"))
    #expect(errors.contains { $0.attribute(forName: "message")?.stringValue?.contains("\nhint: ") == true })
  }

  @Test("codeclimate: GitLab Code Quality issues with unique fingerprints, stable across runs")
  func codeclimate() throws {
    let validator = try JSONSchemaValidator(
      schema: Data(try DocumentationTests.read("Tests/Fixtures/gitlab-code-quality.schema.json").utf8))
    let output = try Self.check("codeclimate").output
    let value = try JSONSerialization.jsonObject(with: Data(output.utf8))
    #expect(validator.problems(value) == [])
    let issues = try #require(value as? [[String: Any]])
    #expect(issues.count == CheckFixtures.sampleFindings.count + 2)
    let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
    #expect(Set(fingerprints).count == issues.count, "GitLab shows one issue per fingerprint")
    #expect(issues.contains { $0["check_name"] as? String == "trace-input/invalid-json" })
    #expect(
      issues.contains { $0["check_name"] as? String == "no-common-orientation" && $0["severity"] as? String == "major" }
    )
    #expect(try Self.check("codeclimate").output == output, "the same findings give the same report")
    #expect(validator.problems([["check_name": "x"]]).count >= 4, "the validator rejects an incomplete issue")
  }

  @Test("github: errors annotated first, at most 10 per level; the rest listed and added to the step summary")
  func githubOrder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 12 sessions, each an error (a popover released while visible) and a note.
    var lines: [String] = []
    for session in 0..<12 {
      lines += CheckFixtures.releasedPopover(popover: "0xa\(session)", vc: "0xb\(session)")
    }
    let trace = try Fixture.write(TraceText.lines(CheckFixtures.doubleWillAppear() + lines), to: directory.file("t.gz"))
    let summary = directory.file("summary.md")
    try "# Earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
    var output: [String] = []
    let reporter = GitHubReporter(output: { output.append($0) }, summaryPath: summary)
    _ = CheckRun(inputs: [trace], policy: try Samples.policy(), reporter: reporter, errorOutput: { _ in }).execute()
    let commands = output.filter { $0.hasPrefix("::") }
    #expect(commands.prefix(10).allSatisfy { $0.hasPrefix("::error ") })
    #expect(commands.count == 12, "10 errors, then the warning and the note")
    #expect(commands[10].hasPrefix("::warning ") && commands[11].hasPrefix("::notice "))
    #expect(output.contains("traceq: 2 more findings past GitHub's 10 annotations per level:"))
    #expect(output.filter { $0.contains(": error: ") && $0.hasSuffix("[popover-released-while-visible]") }.count == 2)
    let written = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(written.hasPrefix("# Earlier step\n"), "appended, not replaced")
    #expect(written.contains("### traceq: 2 findings not shown as annotations"))
    #expect(written.components(separatedBy: "| error | ").count == 3)
  }

  @Test("markdown: errors first, then warnings, then notes")
  func markdownOrder() throws {
    let text = try CheckFixtures.report(.markdown, CheckFixtures.samples).text
    let severities = text.split(separator: "\n").compactMap { line -> Int? in
      if line.hasPrefix("| ❌") { return 2 }
      if line.hasPrefix("| ⚠️") { return 1 }
      if line.hasPrefix("| ℹ️") { return 0 }
      return nil
    }
    #expect(severities.count == CheckFixtures.sampleFindings.count)
    #expect(severities == severities.sorted(by: >))
  }

  @Test("sarif: a bad line is a trace-input result as well as a notification")
  func sarifInput() throws {
    let log = try CheckFixtures.json(try Self.check("sarif").output)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let results = try #require(run["results"] as? [[String: Any]])
    let input = try #require(results.first { $0["ruleId"] as? String == SARIFReporter.inputRuleID })
    let index = try #require(input["ruleIndex"] as? Int)
    #expect(rules[index]["id"] as? String == "trace-input")
    #expect((rules[index]["helpUri"] as? String)?.hasSuffix("/docs/trace-format.md") == true)
    #expect(input["level"] as? String == "error")
    #expect(((input["message"] as? [String: Any])?["text"] as? String)?.hasSuffix("[invalid-json]") == true)
    #expect((input["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] != nil)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect((invocation["toolExecutionNotifications"] as? [Any])?.count == 1)
  }

  @Test("sarif: every run's log is within SARIF 2.1.0 (the objects and properties of the OASIS schema traceq uses)")
  func sarifSchema() throws {
    let validator = try JSONSchemaValidator(
      schema: Data(try DocumentationTests.read("Tests/Fixtures/sarif-2.1.0-subset.schema.json").utf8))
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    try FileManager.default.copyItem(atPath: SourceMappingTests.app, toPath: workspace.file("App"))
    _ = try Fixture.write(
      TraceText.lines(CheckFixtures.releasedPopover() + ["{broken"]), to: workspace.file("samples/z-broken.ndjson.gz"))
    try "suppressions:\n  - rule: no-common-orientation\n    reason: IOS-7\n".write(
      toFile: workspace.file(".traceq.yml"), atomically: true, encoding: .utf8)
    let runner = CommandRunner(directory: workspace.path)
    #expect(
      try runner.run([
        "check", "--disable", "did-move-missing", "--write-baseline", "b.json", "samples/flipside-unbalanced.ndjson.gz",
      ]).status == 0
    )
    let runs = [
      ["check", "--format", "sarif", "samples"],
      ["check", "--format", "sarif", "--source-root", "App", "--baseline", "b.json", "--strict", "samples"],
    ]
    for arguments in runs {
      let log = try JSONSerialization.jsonObject(with: Data(try runner.run(arguments).output.utf8))
      #expect(validator.problems(log) == [], "\(arguments)")
    }
    var log = try CheckFixtures.json(try runner.run(runs[0]).output)
    log["runs"] = [["tool": ["driver": ["name": "traceq", "helpURI": "x"]]]]
    #expect(validator.problems(log) == ["$.runs[0].tool.driver: unexpected property helpURI"])
  }
}
