import Foundation
import GRDB
import TestSupport
import Testing

@testable import traceq

/// Colour, `$TRACEQ_DB` for `check`, ingest progress, `query --schema`, `replay`'s drawing and
/// filters, and the README's queries.
@Suite("Rough edges")
struct RoughEdgeTests {
  @Test("--color always|never and NO_COLOR decide colour; auto colours only a terminal")
  func colour() throws {
    let options = { (argument: String) in try ColorOptions.parse(["--color", argument]) }
    #expect(try options("auto").enabled(onTerminal: true, environment: [:]))
    #expect(!(try options("auto").enabled(onTerminal: true, environment: ["NO_COLOR": "1"])))
    #expect(try options("auto").enabled(onTerminal: true, environment: ["NO_COLOR": ""]), "an empty NO_COLOR is unset")
    #expect(!(try options("auto").enabled(onTerminal: true, environment: ["TERM": "dumb"])))
    #expect(!(try options("auto").enabled(onTerminal: false, environment: [:])))
    #expect(try options("always").enabled(onTerminal: false, environment: ["NO_COLOR": "1"]))
    #expect(!(try options("never").enabled(onTerminal: true, environment: [:])))

    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    let runner = CommandRunner(directory: workspace.path)
    let coloured = try runner.run(["check", "--color", "always", "samples"]).output
    #expect(coloured.contains("\u{1B}[1;31merror\u{1B}[0m"))
    #expect(!(try runner.run(["check", "samples"]).output.contains("\u{1B}[")), "not a terminal")
    let replay = try runner.run(["replay", "--color", "always", "samples/homepwner-ipad-double-camera.ndjson.gz"])
    #expect(replay.output.contains("\u{1B}[1;31merror\u{1B}[0m"))
  }

  @Test("check replays $TRACEQ_DB when no files are given, as ingest and query use it")
  func databaseFromEnvironment() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    var runner = CommandRunner(directory: workspace.path)
    runner.environment["TRACEQ_DB"] = workspace.file("ci.db")
    #expect(try runner.run(["ingest", "samples"]).status == 0)
    let check = try runner.run(["check"])
    #expect(check.status == 1)
    #expect(check.output.contains("4 errors, 4 warnings, 1 note in 8 files"))
    let stored = try runner.run(["query", "SELECT count(*) FROM anomalies"])
    #expect(stored.output.split(separator: "\n").last == "9")
    runner.environment["TRACEQ_DB"] = ""
    let none = try runner.run(["check"])
    #expect(none.status == 2 && none.error.contains("$TRACEQ_DB"))
  }

  @Test("ingest progress shows the rate and the time left; nothing when standard error is not a terminal")
  func progress() throws {
    let start = Date(timeIntervalSince1970: 0)
    let meter = ProgressText(path: "a.gz", totalBytes: 1_000, started: start)
    #expect(meter.text(bytes: 100, events: 50, now: start) == "a.gz: 10% · 50 events")
    #expect(
      meter.text(bytes: 250, events: 2_500_000, now: start.addingTimeInterval(2))
        == "a.gz: 25% · 2.5M events · 1.2M events/s · 0:06 left")
    let input = ProgressText(path: "-", totalBytes: nil, started: start)
    #expect(input.text(bytes: 10, events: 12_000, now: start.addingTimeInterval(4)) == "-: 12k events · 3k events/s")
    #expect(ProgressText.duration(3_723) == "1:02:03")

    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    let result = try CommandRunner(directory: workspace.path).run(["ingest", Samples.directory])
    #expect(result.status == 0)
    #expect(!result.error.contains("\r") && !result.error.contains("events/s"))
  }

  @Test("query --schema prints every documented table and view with its columns")
  func schema() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    let runner = CommandRunner(directory: workspace.path)
    let result = try runner.run(["query", "--schema"])
    #expect(result.status == 0)
    #expect(!FileManager.default.fileExists(atPath: workspace.file("traces.db")), "no database is created")
    let documented = try DocumentationTests.read("docs/schema.md").matches(of: /\n### `([a-z_]+)`/).map {
      String($0.output.1)
    }
    #expect(documented.count >= 9)
    let lines = result.output.split(separator: "\n").map(String.init)
    for name in documented { #expect(lines.contains(name) || lines.contains("\(name) (view)"), "\(name)") }
    #expect(lines.first == "events (view)")
    #expect(lines.contains("  session_id   INTEGER"))
    #expect(try runner.run(["query", "--schema", "SELECT 1"]).status == 2)
  }

  @Test("replay draws a presented controller beside its presenter, not as its child")
  func presentedDrawing() throws {
    let result = try CommandRunner(directory: Samples.directory).run([
      "replay", "homepwner-ipad-new-item-formsheet.ndjson.gz", "--at", "12",
    ])
    let lines = result.output.split(separator: "\n").map(String.init)
    let presenter = try #require(lines.firstIndex { $0.hasPrefix("  UINavigationController 0xa1") })
    let presented = try #require(lines.firstIndex { $0.contains("UINavigationController 0xf1") })
    #expect(lines[presented].hasPrefix("  ↳ presented "), "at the presenter's depth: \(lines[presented])")
    #expect(presented > presenter)
    #expect(lines[presented + 1].hasPrefix("    BNRDetailViewController 0xf2"), "its own children under it")
  }

  @Test("replay --vc keeps the events naming a controller or popover; --lines a range")
  func timelineFilters() throws {
    let runner = CommandRunner(directory: Samples.directory)
    let trace = "homepwner-ipad-double-camera.ndjson.gz"
    let all = try runner.run(["replay", trace]).output.split(separator: "\n")
    let popover = try runner.run(["replay", trace, "--vc", "0xd4"]).output.split(separator: "\n").map(String.init)
    #expect(popover.count < all.count)
    #expect(popover[0].hasPrefix("session 1 "))
    let events = popover.indices.dropFirst().filter { !popover[$0].hasPrefix("        ") }
    #expect(events.count >= 3)
    for index in events {
      let finding = index + 1 < popover.count && popover[index + 1].hasPrefix("        ") ? popover[index + 1] : ""
      #expect(popover[index].contains("0xd4") || finding.contains("0xd4"), "\(popover[index])")
    }
    #expect(popover.contains { $0.contains("[popover-released-while-visible]") })
    let range = try runner.run(["replay", trace, "--lines", "14-15"]).output.split(separator: "\n").map(String.init)
    #expect(range.filter { !$0.hasPrefix("        ") }.dropFirst().map { $0.prefix(6) } == ["    14", "    15"])
    #expect(try runner.run(["replay", trace, "--lines", "9-3"]).status == 2)
    #expect(ReplayRun.names("popover 0xd4 shown", "0xd4") && !ReplayRun.names("popover 0xd45", "0xd4"))
  }

  @Test("README queries that give lines also give the session the line is in, and run")
  func readmeQueries() throws {
    let readme = try DocumentationTests.read("README.md")
    let queries = readme.matches(of: /traceq query "([^"]+)"/).map { String($0.output.1) }
    #expect(queries.count >= 4)
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    let runner = CommandRunner(directory: workspace.path)
    #expect(try runner.run(["ingest", "--check", Samples.directory]).status == 1)
    for query in queries {
      let selected = query.components(separatedBy: "FROM")[0]
      if selected.contains(" line,") && query.contains("FROM events") {
        #expect(selected.contains("session_id"), "\(query) gives lines without their session")
      }
      #expect(try runner.run(["query", query]).status == 0, "\(query)")
    }
  }
}
