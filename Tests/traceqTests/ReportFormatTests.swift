import Foundation
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The structure the JUnit, GitHub, Markdown and JSON reports give the bundled samples: what
/// CI systems read (SARIFReportTests has SARIF's).
@Suite("Report formats")
struct ReportFormatTests {
  @Test("JUnit: parses, one suite per trace file, the right counts, failures with message and file:line")
  func junit() throws {
    let xml = try CheckFixtures.report(.junit, CheckFixtures.samples).text
    let document = try XMLDocument(data: Data(xml.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    let failing = CheckFixtures.sampleFindings.filter { RuleCatalog.type(for: $0.rule)?.description.severity == .error }
    let clean = Samples.expected.values.filter(\.isEmpty).count
    #expect(root.attribute(forName: "tests")?.stringValue == String(CheckFixtures.sampleFindings.count + clean))
    #expect(root.attribute(forName: "failures")?.stringValue == String(failing.count))
    #expect(root.attribute(forName: "errors")?.stringValue == "0")
    let suites = root.elements(forName: "testsuite")
    #expect(suites.count == CheckFixtures.samples.count)
    for (suite, path) in zip(suites, CheckFixtures.samples) {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let expected = Samples.expected[name] ?? []
      #expect(suite.attribute(forName: "name")?.stringValue == path)
      let cases = suite.elements(forName: "testcase")
      #expect(suite.attribute(forName: "tests")?.stringValue == String(cases.count))
      #expect(cases.count == max(expected.count, 1))
      let failures = cases.flatMap { $0.elements(forName: "failure") }
      #expect(suite.attribute(forName: "failures")?.stringValue == String(failures.count))
      for failure in failures {
        let rule = try #require(failure.attribute(forName: "type")?.stringValue)
        #expect(RuleCatalog.type(for: rule)?.description.severity == .error)
        #expect(failure.attribute(forName: "message")?.stringValue?.isEmpty == false)
        let line = try #require((failure.parent as? XMLElement)?.attribute(forName: "line")?.stringValue)
        #expect(failure.stringValue?.hasPrefix("\(path):\(line): error: ") == true)
      }
    }
  }

  @Test("JUnit: strict makes warnings failures; suppressed findings are skipped; bad lines are errors")
  func junitOutcomes() throws {
    let flipside = Samples.path("flipside-unbalanced.ndjson.gz")
    let strict = try CheckFixtures.report(.junit, [flipside], policy: try CheckFixtures.policy("strict: true")).text
    let strictRoot = try #require(try XMLDocument(data: Data(strict.utf8)).rootElement())
    #expect(strictRoot.attribute(forName: "tests")?.stringValue == "3")
    #expect(strictRoot.attribute(forName: "failures")?.stringValue == "2", "two warnings fail, the note does not")

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Fixture.write(
      TraceText.lines(CheckFixtures.doubleWillAppear() + ["{\"ev\": oops}"]), to: directory.file("bad.ndjson.gz"))
    let suppressed = try CheckFixtures.policy(
      "suppressions:\n  - rule: unbalanced-appearance\n    reason: \"known & <fine>\"\n")
    let xml = try CheckFixtures.report(.junit, [path], policy: suppressed).text
    let root = try #require(try XMLDocument(data: Data(xml.utf8)).rootElement())
    #expect(root.attribute(forName: "skipped")?.stringValue == "1")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let skipped = try #require(try root.nodes(forXPath: "//skipped").first as? XMLElement)
    #expect(skipped.attribute(forName: "message")?.stringValue == "suppressed: known & <fine>")
    let error = try #require(try root.nodes(forXPath: "//error").first as? XMLElement)
    #expect(error.attribute(forName: "type")?.stringValue == "invalid-json")
  }

  @Test(
    "GitHub: property values escape % CR LF : and ,; messages escape % CR LF only",
    arguments: [
      ("100%", "100%25", "100%25"),
      ("a\rb\nc", "a%0Db%0Ac", "a%0Db%0Ac"),
      ("file:1,2", "file%3A1%2C2", "file:1,2"),
      ("%0A", "%250A", "%250A"),
      ("plain", "plain", "plain"),
    ])
  func githubEscaping(_ raw: String, _ property: String, _ data: String) {
    #expect(WorkflowCommand.escapeProperty(raw) == property)
    #expect(WorkflowCommand.escapeData(raw) == data)
    #expect(
      WorkflowCommand(name: "error", properties: [("title", raw)], message: raw).text
        == "::error title=\(property)::\(data)")
  }

  @Test("GitHub: an annotation per finding with file, line, title and the hint; levels error, warning, notice")
  func github() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Fixture.write(
      TraceText.lines(CheckFixtures.doubleWillAppear()), to: directory.file("ui, test: 1.ndjson.gz"))
    let lines = try CheckFixtures.report(.github, [path]).text.split(separator: "\n").map(String.init)
    let escapedPath = path.replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: ":", with: "%3A")
    #expect(
      lines[0] == "::warning file=\(escapedPath),line=4,title=Unbalanced appearance callbacks [unbalanced-appearance]::"
        + "unbalanced appearance callbacks for UINavigationController 0xa1: viewWillAppear twice without viewDidAppear"
        + "%0Ahint: " + (RuleCatalog.type(for: "unbalanced-appearance")?.description.hint ?? ""))
    #expect(lines[1].hasPrefix("::notice file=\(escapedPath),line="))
    #expect(lines.last == "traceq: 0 errors, 1 warning, 1 note in 1 file (1 session, 3 events)")

    let errors = try CheckFixtures.report(.github, [Samples.path("no-common-orientation.ndjson.gz")]).text
    #expect(errors.hasPrefix("::error file="))
    #expect(errors.contains("title=No common orientation [no-common-orientation]::"))
  }

  @Test("Markdown: a verdict, a table row per finding with Markdown escaped, a table per rule")
  func markdown() throws {
    let text = try CheckFixtures.report(.markdown, CheckFixtures.samples).text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "### traceq: 4 errors, 4 warnings, 1 note in 8 files (8 sessions, 177 events)")
    #expect(lines.contains("❌ **Failed**: findings at or above error."))
    let rows = lines.filter { $0.hasPrefix("| ❌") || $0.hasPrefix("| ⚠️") || $0.hasPrefix("| ℹ️") }
    #expect(rows.count == CheckFixtures.sampleFindings.count)
    #expect(rows.allSatisfy { $0.components(separatedBy: " | ").count == 4 }, "no unescaped | inside a cell")
    #expect(text.contains("\\<PageViewController\\>"), "angle brackets are not taken for HTML")
    #expect(lines.contains { $0.hasPrefix("| `unbalanced-appearance` | warning | 2 | ") })

    let clean = try CheckFixtures.report(.markdown, [Samples.path("flipside-balanced.ndjson.gz")]).text
    #expect(clean.contains("✅ **Passed**: nothing at or above error."))
    #expect(!clean.contains("| severity |"))
  }

  @Test("JSON: version 1, an object per finding with its fields, the bad lines, and the summary")
  func json() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bad = try Fixture.write(
      TraceText.lines(CheckFixtures.releasedPopover() + ["not json"]), to: directory.file("b.ndjson.gz"))
    let policy = try CheckFixtures.policy("suppressions:\n  - class: UIImagePickerController\n    reason: ticket 42\n")
    let document = try CheckFixtures.json(
      try CheckFixtures.report(.json, CheckFixtures.samples + [bad], policy: policy).text)
    #expect(document["version"] as? Int == FindingDocument.currentVersion)
    #expect(document["tool"] as? String == "traceq")
    let findings = try #require(document["findings"] as? [[String: Any]])
    #expect(findings.count == CheckFixtures.sampleFindings.count + 1)
    let first = findings[0]
    #expect(
      Set(first.keys) == [
        "file", "line", "session", "rule", "severity", "message", "hint", "vc", "class", "subjects", "fingerprint",
        "found_by", "app_controller",
      ])
    #expect(first["found_by"] as? String == "replay")
    let suppressed = findings.filter { $0["suppression"] != nil }
    #expect(suppressed.count == 3, "the two camera findings and the new file's")
    #expect(suppressed.allSatisfy { ($0["suppression"] as? [String: Any])?["reason"] as? String == "ticket 42" })
    #expect((suppressed[0]["suppression"] as? [String: Any])?["class"] as? String == "UIImagePickerController")
    let issues = try #require(document["issues"] as? [[String: Any]])
    #expect(issues.count == 1 && issues[0]["kind"] as? String == "invalid-json" && issues[0]["line"] as? Int == 5)
    let summary = try #require(document["summary"] as? [String: Any])
    #expect(summary["files"] as? Int == 9 && summary["errors"] as? Int == 2 && summary["suppressed"] as? Int == 3)
    #expect(summary["failing_severity"] as? String == "error" && summary["failed"] as? Bool == true)
  }
}
