import ArgumentParser
import Foundation
import Replay
import TestSupport
import Testing

@testable import traceq

/// What a newcomer meets in the first minutes: help that reads well at 80 columns, a word for
/// a file with nothing in it, standard error kept for what matters, hints in every report.
@Suite("First run")
struct FirstRunTests {
  static let commands: [any ParsableCommand.Type] = [TraceqCommand.self] + TraceqCommand.configuration.subcommands

  @Test("help is wrapped once: no line of a paragraph ends where its next word would have fit in 80 columns")
  func helpWrappedOnce() {
    for command in Self.commands {
      let lines = TraceqCommand.helpMessage(for: command, columns: 80).components(separatedBy: "\n")
      for (line, next) in zip(lines, lines.dropFirst()) {
        let indent = line.prefix { $0 == " " }.count
        // Indented by 2: one item a line (options, examples). Other indents are paragraphs.
        guard !line.isEmpty, !next.isEmpty, indent != 2, next.prefix(while: { $0 == " " }).count == indent,
          !line.hasPrefix("USAGE:")
        else { continue }
        let word = next.dropFirst(indent).prefix { $0 != " " }
        #expect(
          line.count + 1 + word.count >= 80, "\(command._commandName): '\(line)' is broken before '\(word)'")
      }
    }
  }

  @Test("a file without events is a no-events warning at its header (line 0 when empty); --strict fails on it")
  func fileWithoutEvents() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    _ = try Fixture.write([], to: workspace.file("empty.ndjson"))
    _ = try Fixture.write(" \n\n", .none, to: workspace.file("blank.ndjson"))
    _ = try Fixture.write(TraceText.lines([TraceText.header()]), to: workspace.file("header.ndjson.gz"))
    let runner = CommandRunner(directory: workspace.path)
    for (file, line) in [("empty.ndjson", 0), ("blank.ndjson", 0), ("header.ndjson.gz", 1)] {
      let result = try runner.run(["check", file])
      #expect(result.status == 0, "\(file): \(result.error)")
      #expect(result.output.hasPrefix("\(file):\(line): warning: "), "\(result.output)")
      #expect(result.output.contains("[no-events]") && result.output.contains("in the input: 1 warning"))
      #expect(try runner.run(["check", "--strict", file]).status == 1)
    }
    let json = try CheckFixtures.json(try runner.run(["check", "--format", "json", "header.ndjson.gz"]).output)
    let issue = try #require((json["issues"] as? [[String: Any]])?.first)
    #expect(issue["kind"] as? String == "no-events" && issue["severity"] as? String == "warning")
    let reported = try runner.run(["report", "empty.ndjson", "-o", "report.html"])
    #expect(reported.error.hasPrefix("empty.ndjson:0: warning: "), "\(reported.error)")
    // ingest stores such a file and says so, with the warning among its stored issues.
    for (file, line) in [("empty.ndjson", 0), ("header.ndjson.gz", 1)] {
      let ingested = try runner.run(["ingest", "--db", "empty.db", file])
      #expect(ingested.status == 0, "\(file): \(ingested.error)")
      #expect((ingested.output + ingested.error).contains("\(file):\(line): warning: "), "\(ingested.output)")
    }
    let stored = try runner.run(["query", "--db", "empty.db", "--format", "csv", "SELECT kind FROM ingest_errors"])
    #expect(stored.output.components(separatedBy: "no-events").count == 3, "\(stored.output)")

    // A trace with events, or a log without a UIKit diagnostic, is not empty.
    _ = try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(3)), to: workspace.file("t.ndjson"))
    _ = try Fixture.write(
      "2014-05-12 10:11:12.345 Homepwner[1234:a0b] Loaded 12 items\n", .none, to: workspace.file("quiet.log"))
    for file in ["t.ndjson", "quiet.log"] {
      let result = try runner.run(["check", file])
      #expect(!result.output.contains("no-events"), "\(file): \(result.output)")
    }
  }

  @Test("check says what a log was read as only with --verbose")
  func readAsOnlyWhenVerbose() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    _ = try Fixture.write(
      "2019-05-06 07:08:09.101 SwipeNav[765:43210] nested push animation can result in corrupted navigation bar\n",
      .none, to: workspace.file("device.log"))
    let runner = CommandRunner(directory: workspace.path)
    let quiet = try runner.run(["check", "device.log"])
    #expect(quiet.status == 0 && quiet.error.isEmpty, "\(quiet.error)")
    #expect(quiet.output.contains("read as xcode-console 1"), "the summary still counts the kinds")
    let verbose = try runner.run(["check", "--verbose", "device.log"])
    #expect(verbose.error == "device.log: read as xcode-console: 1 UIKit diagnostic\n")
    #expect(verbose.output == quiet.output)
  }

  @Test("the Markdown report gives what to do for each rule it lists")
  func markdownHints() throws {
    let report = try CheckFixtures.report(.markdown, CheckFixtures.samples).text
    #expect(report.contains("| rule | severity | findings | what to do |"))
    for rule in ["double-presented-popover", "unbalanced-appearance", "unfinished-appearance"] {
      let hint = try #require(RuleCatalog.type(for: rule)?.description.hint)
      let row = try #require(report.components(separatedBy: "\n").first { $0.hasPrefix("| `\(rule)` |") })
      #expect(row.hasSuffix(" | \(MarkdownReporter.cell(hint)) |"), "\(row)")
    }
  }
}
