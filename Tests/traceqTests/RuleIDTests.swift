import Foundation
import Replay
import TestSupport
import Testing

@testable import traceq

/// Every id a finding of `check` can carry — a replay rule's, or a UIKit diagnostic's that only a
/// console log shows — is one a user can look up, select, rate and find in every report.
@Suite("Rule ids")
struct RuleIDTests {
  /// Every id `check` can report: the replay rules' and the console catalog's.
  static let reportable = Array(
    Set(RuleCatalog.all.map { $0.description.id } + ConsoleCatalog.all.map(\.id))
  ).sorted()

  @Test("`traceq rules` lists every id, and `traceq rules ID` shows each")
  func rulesCommand() throws {
    let runner = CommandRunner(directory: NSTemporaryDirectory())
    let listing = try runner.run(["rules"]).output.split(separator: "\n").map { $0.prefix { $0 != " " } }
    for id in Self.reportable {
      #expect(listing.contains(Substring(id)), "traceq rules does not list \(id)")
      let shown = try runner.run(["rules", id])
      #expect(shown.status == 0 && shown.output.hasPrefix("\(id) — "), "traceq rules \(id): \(shown.error)")
    }
    let detail = try runner.run(["rules", "nested-navigation"]).output
    #expect(detail.contains("nested push animation can result in corrupted navigation bar"))
    #expect(detail.contains("What to do: Start a push or pop only after the previous one finished"))
  }

  @Test("docs/rules.md has a section for every id")
  func rulesDocument() throws {
    let document = try DocumentationTests.read("docs/rules.md")
    for id in Self.reportable { #expect(document.contains("\n## \(id)\n"), "docs/rules.md has no section \(id)") }
  }

  @Test("SARIF lists every id, and a console-only finding points at its rule")
  func sarif() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = try Fixture.write(
      "2019-05-06 07:08:09.101 SwipeNav[765:43210] nested push animation can result in corrupted navigation bar\n",
      .none, to: directory.file("device.log"))
    let sarif = try CheckFixtures.json(try CheckFixtures.report(.sarif, [log]).text)
    let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    #expect(Set(rules).isSuperset(of: Self.reportable))
    #expect(rules.last == SARIFReporter.inputRuleID)
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "nested-navigation")
    let index = try #require(result["ruleIndex"] as? Int)
    #expect(rules.indices.contains(index) && rules[index] == "nested-navigation")
  }

  @Test(".traceq.yml rates and disables a console-only id; --print-config shows it and reads back")
  func configuration() throws {
    let policy = try CheckFixtures.policy(
      """
      disabled_rules:
        - missing-root-view-controller
      rules:
        nested-navigation:
          severity: error
      """)
    #expect(policy.rules.severity(of: "nested-navigation") == .error)
    #expect(!policy.rules.reportsConsole("missing-root-view-controller"))
    let printed = ConfigurationPrinter.yaml(policy)
    #expect(printed.contains("  nested-navigation:\n    severity: error"))
    #expect(printed.contains("- missing-root-view-controller"))
    let reread = try CheckFixtures.policy(printed)
    #expect(reread.rules.severity(of: "nested-navigation") == .error)
    #expect(!reread.rules.reportsConsole("missing-root-view-controller"))
  }
}
