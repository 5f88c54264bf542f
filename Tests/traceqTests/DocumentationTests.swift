import Foundation
import GRDB
import TestSupport
import Testing
import TraceIngest
import TraceModel

@testable import TraceStore
@testable import traceq

@Suite("Documentation stays true")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("docs/rules.md is what `traceq rules --markdown` prints")
  func rulesDocument() throws {
    #expect(
      try Self.read("docs/rules.md") == RuleDocumentation.markdown(),
      "regenerate: traceq rules --markdown > docs/rules.md")
  }

  @Test("docs/console-logs.md is what `traceq rules --console` prints")
  func consoleDocument() throws {
    #expect(
      try Self.read("docs/console-logs.md") == ConsoleDocumentation.markdown(),
      "regenerate: traceq rules --console > docs/console-logs.md")
  }

  @Test("every table, view and column of the schema is documented in docs/schema.md")
  func schemaDocument() throws {
    let document = try Self.read("docs/schema.md")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let objects = try TraceStores.at(directory.file("schema.db")).newStoreObjects()
    #expect(objects.count >= 9)
    for object in objects {
      #expect(document.contains("### `\(object.name)`"), "\(object.name) has no section in docs/schema.md")
      for column in object.columns {
        #expect(document.contains("`\(column.name)`"), "\(object.name).\(column.name) is not documented")
      }
    }
  }

  @Test("every kind of ingest issue is in docs/schema.md's table of kinds, with its severity")
  func issueKinds() throws {
    let document = try Self.read("docs/schema.md")
    for kind in IngestIssue.Kind.allCases {
      #expect(
        document.contains("| `\(kind.rawValue)` | \(kind.severity.rawValue) |"), "\(kind.rawValue) is not documented")
    }
  }

  @Test("a present without `style` stores NULL, as docs/schema.md says")
  func absentStyle() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    _ = try Fixture.write(
      TraceText.lines([
        TraceText.header(), #"{"ev":"setRoot","vc":"0xa1"}"#, #"{"ev":"present","presenter":"0xa1","vc":"0xb2"}"#,
        #"{"ev":"present","presenter":"0xa1","vc":"0xc3","style":"formSheet"}"#,
      ]), to: workspace.file("t.ndjson.gz"))
    let runner = CommandRunner(directory: workspace.path)
    #expect(try runner.run(["ingest", "t.ndjson.gz"]).status == 0)
    let styles = try runner.run([
      "query", "SELECT coalesce(style, 'NULL') FROM events WHERE ev = 'present' ORDER BY line",
    ])
    #expect(styles.output.split(separator: "\n").dropFirst() == ["NULL", "formSheet"])
    let row = try #require(
      try Self.read("docs/schema.md").components(separatedBy: "\n").first { $0.hasPrefix("| `style` | text |") })
    #expect(row.contains("NULL when the record gave none"), "\(row)")
  }
}
