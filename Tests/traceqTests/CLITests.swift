import ArgumentParser
import Foundation
import GRDB
import TestSupport
import Testing
import TraceModel

@testable import traceq

@Suite("The traceq command line")
struct CLITests {
  @Test("two ingests into one database at the same time both succeed")
  func concurrentIngests() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    for index in 0..<4 {
      let text = TraceText.lines([TraceText.header(extra: "\"build\":\"\(index)\"")] + TraceText.events(20_000))
      try Fixture.write(text, to: directory.file("t\(index).ndjson.gz"))
    }
    let first = try runner.start(["ingest", "t0.ndjson.gz", "t1.ndjson.gz"])
    let second = try runner.start(["ingest", "t2.ndjson.gz", "t3.ndjson.gz"])
    let results = [CommandRunner.finish(first.0, first.1, first.2), CommandRunner.finish(second.0, second.1, second.2)]
    for result in results {
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.contains("stored 2 files: 40000 events"))
    }
    let counts = try DatabaseQueue(path: directory.file("traces.db")).read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(*) FROM traces"),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM event_rows")
      )
    }
    #expect(counts.0 == 4 && counts.1 == 80_000)
  }

  @Test("standard input is read with -")
  func standardInput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let text = TraceText.lines([TraceText.header()] + TraceText.events(10))
    let result = try runner.run(["ingest", "-"], input: Data(try Fixture.bytes(text, .zlib)))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("-: 10 events, 1 session"))
    let again = try runner.run(["ingest", "-"], input: Data(try Fixture.bytes(text, .zlib)))
    #expect(again.output.hasPrefix("-: skipped, already stored"))
    let query = try runner.run(["query", "SELECT path, compression, events FROM traces"])
    #expect(query.output == "path,compression,events\n-,zlib,10\n")
  }

  @Test("--db and TRACEQ_DB choose the database")
  func databaseLocation() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var runner = CommandRunner(directory: directory.path)
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(3)), to: directory.file("a.ndjson.gz"))
    #expect(try runner.run(["ingest", "--db", "x.db", "a.ndjson.gz"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.file("x.db")))
    runner.environment["TRACEQ_DB"] = "y.db"
    #expect(try runner.run(["ingest", "a.ndjson.gz"]).status == 0)
    #expect(try runner.run(["query", "SELECT count(*) AS n FROM events"]).output == "n\n3\n")
    #expect(FileManager.default.fileExists(atPath: directory.file("y.db")))
    #expect(!FileManager.default.fileExists(atPath: directory.file("traces.db")))
  }

  @Test(
    "an unusable database path is an error, not a crash",
    arguments: [
      "/nonexistent-dir/traces.db", "/proc/version",
    ])
  func unwritableDatabase(_ path: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(3)), to: directory.file("a.ndjson.gz"))
    let result = try runner.run(["ingest", "--db", path, "a.ndjson.gz"])
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("error: cannot open the database \(path)"), "\(result.error)")
    #expect(!result.error.contains("Fatal error"))
  }

  @Test(
    "a command line the parser rejects exits 2, like every usage error",
    arguments: [
      ["check", "--format", "xml", "x.ndjson"], ["check", "--bogus"], ["ingest"], ["query"], ["frobnicate"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(arguments)
    #expect(result.status == 2)
    #expect(result.error.contains("Usage:") || result.error.contains("Error:"), "\(result.error)")
  }

  /// swift-argument-parser derives a command's name from its type's (`String(describing:)`,
  /// a scan of the binary's protocol conformances, about 1 M instructions each time it is
  /// asked, 24 times a run); a name in the configuration costs nothing. The name given must
  /// be the one the type would give, so that no command line changes.
  @Test("every command names itself in its configuration, as its type's name would")
  func commandsNameThemselves() {
    #expect(TraceqCommand.configuration.commandName == "traceq")
    var commands = TraceqCommand.configuration.subcommands
    while let command = commands.popLast() {
      let typeName = String(describing: command)
      let derived = typeName.enumerated().map { index, character in
        index > 0 && character.isUppercase ? "-\(character.lowercased())" : character.lowercased()
      }.joined()
      #expect(
        command.configuration.commandName == derived,
        "\(typeName) names itself \(command.configuration.commandName ?? "nothing")")
      commands += command.configuration.subcommands
    }
  }

  @Test(
    "every command has help with examples", arguments: TraceqCommand.configuration.subcommands.map { [$0._commandName] }
  )
  func help(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(command + ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Examples:"))
    // Help wraps at the terminal's width (80 columns when it is not a terminal): an example
    // longer than that would be cut in two.
    let examples = result.output.components(separatedBy: "Examples:\n")[1].prefix { _ in true }
      .split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
    #expect(!examples.isEmpty)
    for line in examples { #expect(line.hasPrefix("  ") && line.contains("traceq "), "an example was cut: \(line)") }
  }
}
