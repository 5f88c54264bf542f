import Foundation
import Replay
import Testing
import TraceImporters
import TraceModel

@testable import traceq

/// docs/ci.md and the README's "Use in CI" section stay true to the code.
@Suite("CI documentation stays true")
struct CIDocumentationTests {
  /// The fenced blocks of `language` in `text`.
  static func blocks(_ language: String, in text: String) -> [String] {
    text.components(separatedBy: "```\(language)\n").dropFirst().compactMap {
      $0.components(separatedBy: "\n```").first
    }
  }

  @Test("every .traceq.yml shown in the README and docs/ci.md is valid")
  func sampleConfigurations() throws {
    let readme = try DocumentationTests.read("README.md")
    let section = try #require(readme.components(separatedBy: "## Use in CI").dropFirst().first)
    let configurations =
      (Self.blocks("yaml", in: section) + Self.blocks("yaml", in: try DocumentationTests.read("docs/ci.md")))
      .filter { !$0.contains("runs-on:") && !$0.contains("script:") }
    #expect(configurations.count >= 2)
    for text in configurations {
      #expect(throws: Never.self) { try ConfigurationParser(file: "sample", directory: "/repo").parse(text) }
    }
  }

  @Test("docs/ci.md documents every configuration key, report format, JSON field and exit status")
  func reference() throws {
    let document = try DocumentationTests.read("docs/ci.md")
    let keys = ConfigurationParser.topLevelKeys + ConfigurationParser.ruleKeys + ConfigurationParser.suppressionKeys
    for key in keys { #expect(document.contains("`\(key)`"), "\(key) is not documented") }
    for format in ReportFormat.allCases {
      #expect(document.contains("`\(format.rawValue)`"), "\(format) is not documented")
    }
    for field in [
      "version", "tool", "findings", "issues", "summary", "file", "line", "session", "rule", "severity", "message",
      "hint",
      "vc", "class", "subjects", "address", "popover", "fingerprint", "suppression", "reason", "kind", "files",
      "sessions",
      "events", "errors", "warnings", "notes", "suppressed", "baseline", "failing_severity", "failed",
    ] {
      #expect(document.contains("`\(field)`"), "JSON field \(field) is not documented")
    }
    #expect(document.contains("version \(FindingDocument.currentVersion)"))
    #expect(document.contains("`\(SARIFReporter.identityKey)`"))
    for status in ["| 0 |", "| 1 |", "| 2 |"] { #expect(document.contains(status)) }
  }

  @Test("every input kind is in docs/ci.md's `kinds` and in the JSON report's schema")
  func inputKinds() throws {
    let document = try DocumentationTests.read("docs/ci.md")
    let kinds = try #require(document.components(separatedBy: "`kinds`, how many files").dropFirst().first)
      .prefix { $0 != "|" }
    let schema = try #require(
      try JSONSerialization.jsonObject(with: Data(try DocumentationTests.read("docs/report.schema.json").utf8))
        as? [String: Any])
    let summary = (schema["$defs"] as? [String: Any])?["summary"] as? [String: Any]
    let kindsSchema = (summary?["properties"] as? [String: Any])?["kinds"] as? [String: Any]
    let described = try #require(kindsSchema?["properties"] as? [String: Any])
    for kind in InputImporters.all.map(\.kind) {
      #expect(kinds.contains("`\(kind.rawValue)`"), "docs/ci.md does not list the kind \(kind.rawValue)")
      #expect(described[kind.rawValue] != nil, "docs/report.schema.json does not allow the kind \(kind.rawValue)")
    }
  }
}
