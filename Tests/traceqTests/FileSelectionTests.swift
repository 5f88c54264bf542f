import Foundation
import TestSupport
import Testing

/// `.traceq.yml`'s `excluded` and `trace_files` choose the same files for `check`,
/// `ingest --check` and `check --db`, which then report the same findings.
@Suite("One file selection for every command")
struct FileSelectionTests {
  /// The samples, one of them excluded, and a file named as `trace_files` does not pick.
  private static func workspace() throws -> (TemporaryDirectory, CommandRunner) {
    let (directory, runner) = try CheckCITests.workspace(
      configuration: "excluded: [traces/no-common-*]\ntrace_files: ['*.ndjson.gz']\n")
    let unpicked = homepwner.replacingOccurrences(of: "Homepwner", with: "Unpicked")
    try Fixture.write(unpicked, to: directory.file("traces/unpicked.trace.gz"))
    return (directory, runner)
  }

  /// The finding lines of a text report (`file:line: severity: message [rule]`).
  private static func findings(_ output: String) -> Set<String> {
    Set(
      output.split(separator: "\n").map(String.init).filter {
        $0.hasPrefix("traces/") && ($0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: "))
          && $0.hasSuffix("]")
      })
  }

  @Test("check, ingest --check and check --db (on either database) see the same files and report the same findings")
  func sameFilesSameFindings() throws {
    let (directory, runner) = try Self.workspace()
    defer { directory.remove() }
    let checked = try runner.run(["check", "traces"])
    let ingested = try runner.run(["ingest", "--check", "--db", "checked.db", "traces"])
    #expect(try runner.run(["ingest", "--db", "everything.db", "traces"]).status == 0)
    let fromChecked = try runner.run(["check", "--db", "checked.db"])
    let fromEverything = try runner.run(["check", "--db", "everything.db"])

    let expected = Self.findings(checked.output)
    #expect(!expected.isEmpty)
    #expect(!expected.contains { $0.contains("no-common-") || $0.contains("unpicked") })
    #expect(Self.findings(ingested.output + ingested.error) == expected)
    #expect(Self.findings(fromChecked.output) == expected)
    #expect(Self.findings(fromEverything.output) == expected)
    #expect(checked.status == ingested.status && checked.status == fromEverything.status)
    #expect(fromChecked.status == checked.status)
    #expect(
      ingested.error.contains("traces/no-common-orientation.ndjson.gz: note: not stored or checked: excluded by")
        == false)

    // Nothing is replayed or stored for the files left out.
    let stored = try runner.run([
      "query", "--db", "everything.db", "--format", "csv",
      "SELECT DISTINCT t.path FROM anomalies a JOIN traces t ON t.id = a.trace_id ORDER BY 1",
    ])
    #expect(!stored.output.contains("no-common-") && !stored.output.contains("unpicked"), "\(stored.output)")
    let summary = try #require(checked.output.split(separator: "\n").last)
    #expect(fromEverything.output.hasSuffix(summary + "\n"), "\(fromEverything.output)")
  }
}
