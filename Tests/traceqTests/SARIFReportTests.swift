import Foundation
import Replay
import TestSupport
import Testing

@testable import traceq

/// The SARIF report of the bundled samples: what GitHub code scanning reads.
@Suite("SARIF report")
struct SARIFReportTests {
  @Test("SARIF: the rule catalog, a result per finding at its file and line, stable fingerprints")
  func sarif() throws {
    let log = try CheckFixtures.json(try CheckFixtures.report(.sarif, CheckFixtures.samples).text)
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == SARIF.schema)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "traceq")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == RuleCatalog.ids + ["trace-input"])
    for (rule, type) in zip(rules, RuleCatalog.all) {
      let description = type.description
      #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == description.name)
      #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.hasPrefix(description.summary) == true)
      #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains(description.hint) == true)
      let configuration = rule["defaultConfiguration"] as? [String: Any]
      #expect(configuration?["level"] as? String == description.severity.rawValue)
      #expect(configuration?["enabled"] as? Bool == true)
    }

    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == CheckFixtures.sampleFindings.count)
    var fingerprints: Set<String> = []
    for (result, expected) in zip(results, CheckFixtures.sampleFindings) {
      #expect(result["ruleId"] as? String == expected.rule)
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(rules[index]["id"] as? String == expected.rule)
      #expect(result["level"] as? String == RuleCatalog.type(for: expected.rule)?.description.severity.rawValue)
      let physical = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
      #expect(uri.hasPrefix("file:///") && uri.hasSuffix("/samples/" + expected.file))
      #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == expected.line)
      let partial = try #require(result["partialFingerprints"] as? [String: String])
      let identity = try #require(partial[SARIFReporter.identityKey])
      #expect(identity.count == 64 && identity.allSatisfy(\.isHexDigit))
      #expect(partial["primaryLocationLineHash"] == "\(identity.prefix(16)):1")
      fingerprints.insert(identity)
      #expect(result["suppressions"] == nil && result["baselineState"] == nil)
    }
    #expect(fingerprints.count == results.count)
  }

  @Test("SARIF: configured levels, disabled rules, suppressions with their reason, relative URIs")
  func sarifConfigured() throws {
    let policy = try CheckFixtures.policy(
      """
      disabled_rules: [unfinished-appearance]
      rules:
        unbalanced-appearance: {severity: error}
      suppressions:
        - rule: unbalanced-appearance
          class: FlipsideViewController
          reason: "seed 001: the flip-side app calls appearance methods by hand"
      """)
    let run = try #require(
      (try CheckFixtures.json(
        try CheckFixtures.report(.sarif, [Samples.path("flipside-unbalanced.ndjson.gz")], policy: policy)
          .text)["runs"] as? [[String: Any]])?.first)
    let rules = try #require(
      (run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
    let byID = Dictionary(
      uniqueKeysWithValues: rules.map {
        ($0["id"] as? String ?? "", $0["defaultConfiguration"] as? [String: Any] ?? [:])
      })
    #expect(byID["unbalanced-appearance"]?["level"] as? String == "error")
    #expect(byID["unfinished-appearance"]?["enabled"] as? Bool == false)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.map { $0["level"] as? String } == ["error", "error"])
    let suppressions = results.map { $0["suppressions"] as? [[String: Any]] }
    #expect(suppressions[0] == nil)
    #expect(suppressions[1]?.first?["kind"] as? String == "external")
    #expect(suppressions[1]?.first?["status"] as? String == "accepted")
    #expect(
      suppressions[1]?.first?["justification"] as? String
        == "seed 001: the flip-side app calls appearance methods by hand")

    let location = SARIFReporter.location("traces/my run:1.ndjson.gz", line: 3).physicalLocation
    #expect(location.artifactLocation.uri == "traces/my%20run%3A1.ndjson.gz")
    #expect(location.artifactLocation.uriBaseId == "%SRCROOT%")
  }
  @Test("SARIF: each result says who found it, the replay or UIKit's console (foundBy)")
  func foundBy() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let log = directory.file("run.log")
    try Data(
      ("2026-01-01 10:00:00.000 MyApp[123:456] Unbalanced calls to begin/end appearance transitions "
        + "for <MyApp.DetailViewController: 0x7f9c>.\n").utf8
    ).write(to: URL(fileURLWithPath: log))
    let sample = try #require(CheckFixtures.samples.first)
    let report = try CheckFixtures.json(try CheckFixtures.report(.sarif, [sample, log]).text)
    let run = try #require((report["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let foundBy = results.map { result -> String? in
      let uri = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
      let source = (result["properties"] as? [String: Any])?["foundBy"] as? String
      return source.map { "\(uri?.hasSuffix("run.log") == true ? "log" : "trace") \($0)" }
    }
    #expect(foundBy.contains("log uikit"))
    #expect(foundBy.contains("trace replay"))
    #expect(!foundBy.contains(nil), "every result has foundBy")
  }
}
