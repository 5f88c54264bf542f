import Foundation
import TestSupport
import Testing

/// A file name or a stored value cannot forge a line of output (a `::error::` workflow command
/// in a CI log) nor reach a terminal as a control sequence: every command escapes them as
/// `check` does (`\n`, `\u{1B}`).
@Suite("No forged output lines")
struct ForgedOutputTests {
  /// A name with a line break that starts a workflow command, and an escape sequence.
  static let hostile = "t\n::error file=a.swift,line=1::forged\u{1B}[31m"

  /// Every line of both streams: none starts a workflow command or holds an ESC.
  static func expectClean(_ result: CommandRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
    for line in (result.output + result.error).split(separator: "\n") {
      #expect(!line.hasPrefix("::"), "a forged line: \(line)", sourceLocation: sourceLocation)
      #expect(!line.contains("\u{1B}"), "an escape sequence: \(line)", sourceLocation: sourceLocation)
    }
  }

  @Test("a file name cannot forge a line in ingest's summaries, skips and notes, nor in check's notes")
  func fileNames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("in"), withIntermediateDirectories: true)
    // 25 bad lines: more than ingest prints, so that it notes how many more are stored.
    let trace = TraceText.lines([TraceText.header()] + Array(repeating: "[]", count: 25))
    try Fixture.write(trace, to: directory.file("in/\(Self.hostile).ndjson.gz"))
    try Fixture.write(trace, to: directory.file("copy.ndjson.gz"))
    let log =
      "2014-11-15 10:11:12.345 Homepwner[1234:a0b] Unbalanced calls to begin/end appearance transitions for <A: 0x1>.\n"
    try Fixture.write(log, .none, to: directory.file("in/\(Self.hostile).log"))
    let escaped = #"in/t\n::error file=a.swift,line=1::forged\u{1B}[31m"#
    let runner = CommandRunner(directory: directory.path)

    let ingest = try runner.run(["ingest", "--db", "d.db", "in"])
    #expect(ingest.output.contains("\(escaped).ndjson.gz: 0 events, 1 session, 25 errors"), "\(ingest.output)")
    #expect(ingest.error.contains("\(escaped).ndjson.gz: note: 5 more issues are stored"), "\(ingest.error)")
    let again = try runner.run(["ingest", "--db", "d.db", "in", "copy.ndjson.gz"])
    #expect(again.output.contains("\(escaped).ndjson.gz: skipped, already stored;"), "\(again.output)")
    #expect(
      again.output.contains("copy.ndjson.gz: skipped, already stored (as \(escaped).ndjson.gz)"), "\(again.output)")
    let check = try runner.run(["check", "--verbose", "in/\(Self.hostile).log"])
    #expect(check.error.contains("\(escaped).log: read as xcode-console"), "\(check.error)")
    for result in [ingest, again, check] { Self.expectClean(result) }
  }

  @Test("a database path cannot forge a line in errors and notes")
  func databasePaths() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let database = Self.hostile + ".db"
    for arguments in [
      ["query", "--db", database, "SELECT 1"], ["check", "--db", database],
      ["report", "--db", database, "-o", "r.html"], ["export", "--db", database, "--perfetto", "t.json"],
    ] {
      let result = try runner.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.error)")
      #expect(result.error.contains(#"t\n::error"#), "\(arguments): \(result.error)")
      Self.expectClean(result)
    }
  }

  /// A database holding one row of hostile text: ESC, NUL, a C1 control (CSI) and a
  /// right-to-left override.
  static func hostileDatabase(in directory: TemporaryDirectory) throws -> CommandRunner {
    let runner = CommandRunner(directory: directory.path)
    try Fixture.write(
      TraceText.lines([TraceText.header(), #"{"ev":"setRoot","vc":"A","class":"\u001b[2Jx\u0000y\u009b2J\u202ez"}"#]),
      to: directory.file("t.ndjson.gz"))
    #expect(try runner.run(["ingest", "--db", "d.db", "t.ndjson.gz"]).status == 0)
    return runner
  }

  @Test(
    "query --format csv, json and ndjson to a terminal escape control characters", arguments: ["csv", "json", "ndjson"])
  func queryToTerminal(_ format: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try Self.hostileDatabase(in: directory)
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
      Issue.record("script (util-linux) is needed to give traceq a terminal")
      return
    }
    // `script` runs the query with a terminal as its standard output and copies what it prints.
    let result = try shell(
      #"script -qec "\"$TRACEQ\" query --db d.db --format \#(format) 'SELECT class FROM events'" /dev/null"#,
      in: directory.path)
    #expect(result.status == 0, "\(result.error)")
    for scalar in ["\u{1B}", "\u{0}", "\u{9B}", "\u{202E}"] as [Unicode.Scalar] {
      #expect(
        !result.output.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) in \(result.output)")
    }
    #expect(result.output.contains("2J"), "\(result.output)")
  }

  @Test("query --format csv to a file keeps values as stored")
  func queryToFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = try Self.hostileDatabase(in: directory)
    let result = try runner.run(["query", "--db", "d.db", "--format", "csv", "SELECT class FROM events"])
    #expect(result.output == "class\n\u{1B}[2Jx\u{0}y\u{9B}2J\u{202E}z\n")
  }

  @Test("query --escape-formulas makes CSV text that a spreadsheet would run plain text")
  func formulas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = try Self.hostileDatabase(in: directory)
    let sql =
      #"SELECT '=HYPERLINK("http://x")' AS "=f", '+1' AS p, '-1' AS m, '@SUM(A1)' AS s, "#
      + #"char(9) || 't' AS t, 'plain' AS o, -1 AS n"#
    let guarded = try runner.run(["query", "--db", "d.db", "--format", "csv", "--escape-formulas", sql])
    #expect(
      guarded.output == "'=f,p,m,s,t,o,n\n" + #""'=HYPERLINK(""http://x"")",'+1,'-1,'@SUM(A1),'"# + "\tt,plain,-1\n",
      "\(guarded.output)")
    let plain = try runner.run(["query", "--db", "d.db", "--format", "csv", sql])
    #expect(
      plain.output.hasPrefix("=f,p,m,s,t,o,n\n" + #""=HYPERLINK(""http://x"")",+1,-1,@SUM(A1),"#), "\(plain.output)")
    let refused = try runner.run(["query", "--db", "d.db", "--format", "json", "--escape-formulas", sql])
    #expect(refused.status == 2)
    #expect(refused.error.contains("--escape-formulas applies to --format csv"), "\(refused.error)")
  }
}
