import Foundation
import TestSupport
import Testing
import TraceModel

/// Runs `script` with /bin/sh (or `shell`) in `directory`, `$TRACEQ` naming the traceq under
/// test: for what a Process cannot set up (closed descriptors, /dev/full). `environment`, when
/// given, is the whole environment instead.
func shell(
  _ script: String, in directory: String, using shell: String = "/bin/sh", environment: [String: String]? = nil
) throws -> CommandRunner.Result {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: shell)
  process.arguments = ["-c", script]
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  var inherited = ProcessInfo.processInfo.environment
  inherited["TRACEQ"] = CommandRunner.traceq.path
  inherited.removeValue(forKey: "TRACEQ_DB")
  process.environment = environment ?? inherited
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  process.standardInput = FileHandle.nullDevice
  try process.run()
  return CommandRunner.finish(process, output, error)
}

@Suite("Hostile command lines and outputs")
struct HostileCLITests {
  /// A trace whose second and last lines are errors, so that ingest and check write
  /// diagnostics; `build` tells traces apart.
  static func traceWithErrors(build: Int = 0) -> String {
    TraceText.lines([TraceText.header(extra: "\"build\":\"\(build)\""), "[]"] + TraceText.events(50) + ["{\"ev\":7}"])
  }

  @Test("a standard error that cannot be written (/dev/full) drops diagnostics, stores everything, exits 2")
  func standardErrorFull() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for index in 0..<3 {
      try Fixture.write(Self.traceWithErrors(build: index), to: directory.file("t\(index).ndjson.gz"))
    }
    let ingest = try shell(
      #""$TRACEQ" ingest --db d.db t0.ndjson.gz t1.ndjson.gz t2.ndjson.gz 2>/dev/full"#, in: directory.path)
    #expect(ingest.status == 2, "\(ingest.error)")
    #expect(ingest.output.contains("stored 3 files: 150 events"), "\(ingest.output)")
    let query = try CommandRunner(directory: directory.path).run([
      "query", "--db", "d.db", "SELECT count(*) FROM events",
    ])
    #expect(query.output == "count(*)\n150\n")
    let check = try shell(#""$TRACEQ" check t0.ndjson.gz 2>/dev/full"#, in: directory.path)
    #expect(check.status == 1 || check.status == 2)
    #expect(!check.error.contains("Fatal error"))
  }

  @Test("results that cannot be written (query > /dev/full) exit 2 with a message")
  func standardOutputFull() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(2000)), to: directory.file("t.ndjson.gz"))
    #expect(try CommandRunner(directory: directory.path).run(["ingest", "--db", "d.db", "t.ndjson.gz"]).status == 0)
    let query = try shell(#""$TRACEQ" query --db d.db "SELECT * FROM events" >/dev/full"#, in: directory.path)
    #expect(query.status == 2)
    #expect(query.error.contains("error: the output could not be written"), "\(query.error)")
    let small = try shell(#""$TRACEQ" query --db d.db "SELECT 1" >/dev/full"#, in: directory.path)
    #expect(small.status == 2)
    let rules = try shell(#""$TRACEQ" rules >/dev/full"#, in: directory.path)
    #expect(rules.status == 2)
  }

  @Test("with standard output and error closed, a new database is built intact and the status says output was lost")
  func closedDescriptors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("traces"), withIntermediateDirectories: true)
    for index in 0..<4 {
      try Fixture.write(Self.traceWithErrors(build: index), to: directory.file("traces/t\(index).ndjson.gz"))
    }
    let ingest = try shell(#""$TRACEQ" ingest --db d.db traces 2>&- >&- <&-"#, in: directory.path)
    #expect(ingest.status == 2)
    let runner = CommandRunner(directory: directory.path)
    #expect(try runner.run(["query", "--db", "d.db", "PRAGMA integrity_check"]).output == "integrity_check\nok\n")
    #expect(try runner.run(["query", "--db", "d.db", "SELECT count(*) FROM events"]).output == "count(*)\n200\n")
  }

  @Test("control characters from a trace are escaped in text output, diagnostics and replay")
  func controlCharacters() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = TraceText.lines([
      #"{"traceq":1,"idiom":"phone","app":"\u001b]0;pwned\u0007"}"#,
      #"{"ev":"setRoot","vc":"A","class":"\u001b[2JEvil\u202eVC"}"#,
      #"{"ev":"present","presenter":"A","vc":"B","style":"\u001b[2J"}"#,
    ])
    try Fixture.write(text, to: directory.file("t.ndjson.gz"))
    let runner = CommandRunner(directory: directory.path)
    let check = try runner.run(["check", "t.ndjson.gz"])
    #expect(check.output.contains(#""\u{1B}[2J""#), "\(check.output)")
    let replay = try runner.run(["replay", "t.ndjson.gz"])
    let ingest = try runner.run(["ingest", "--db", "d.db", "t.ndjson.gz"])
    let query = try runner.run(["query", "--db", "d.db", "--format", "table", "SELECT class FROM events"])
    #expect(query.output.contains(#"\u{1B}[2JEvil\u{202E}VC"#), "\(query.output)")
    let markdown = try runner.run(["check", "--format", "markdown", "t.ndjson.gz"])
    #expect(markdown.output.contains(#""\\u{1B}\[2J""#), "\(markdown.output)")
    for result in [check, replay, ingest, query, markdown] {
      for stream in [result.output, result.error] {
        #expect(!stream.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" }, "\(stream)")
      }
    }
  }

  @Test("a line break in a file name is escaped in file:line output")
  func lineBreakInFileName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Fixture.write(Self.traceWithErrors(), to: directory.file("a\nb.ndjson.gz"))
    let check = try CommandRunner(directory: directory.path).run(["check", "a\nb.ndjson.gz"])
    #expect(check.output.contains("a\\nb.ndjson.gz:2: error: "), "\(check.output)")
    let ingest = try CommandRunner(directory: directory.path).run(["ingest", "--db", "d.db", "a\nb.ndjson.gz"])
    #expect(ingest.error.contains("a\\nb.ndjson.gz:2: error: "), "\(ingest.error)")
    try FileManager.default.createDirectory(atPath: directory.file("c\nd.ndjson"), withIntermediateDirectories: true)
    for command in ["check", "ingest"] {
      let empty = try CommandRunner(directory: directory.path).run([command, "c\nd.ndjson"])
      #expect(empty.error.contains("error: no trace files found in c\\nd.ndjson"), "\(empty.error)")
    }
  }

  @Test("the check summary counts the input's errors and warnings")
  func summaryCountsInputIssues() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Fixture.write(Self.traceWithErrors(), to: directory.file("t.ndjson.gz"))
    let check = try CommandRunner(directory: directory.path).run(["check", "t.ndjson.gz"])
    #expect(check.status == 1)
    #expect(check.output.contains("in 1 file (1 session, 50 events); in the input: 2 errors"), "\(check.output)")
  }

  @Test(
    "standard input named twice is refused", arguments: [["check", "-", "-"], ["ingest", "--db", "d.db", "-", "-"]])
  func standardInputTwice(_ arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = Data(TraceText.lines([TraceText.header()] + TraceText.events(3)).utf8)
    let result = try CommandRunner(directory: directory.path).run(arguments, input: text)
    #expect(result.status == 2)
    #expect(result.error.contains("-: error: standard input can be read only once"), "\(result.error)")
  }

  @Test("replay --at past the end of the file is an error")
  func replayPastTheEnd() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(3)), to: directory.file("t.ndjson.gz"))
    let runner = CommandRunner(directory: directory.path)
    #expect(try runner.run(["replay", "t.ndjson.gz", "--at", "4"]).status == 0)
    let past = try runner.run(["replay", "t.ndjson.gz", "--at", "5"])
    #expect(past.status == 2)
    #expect(past.error.contains("line 5 is past the end of the file, which has 4 lines"), "\(past.error)")
  }

  @Test("symbolic links: to a file followed in a walk, to a directory noted, broken or looping reported")
  func symbolicLinks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let manager = FileManager.default
    try manager.createDirectory(atPath: directory.file("traces/sub"), withIntermediateDirectories: true)
    try manager.createDirectory(atPath: directory.file("elsewhere"), withIntermediateDirectories: true)
    let trace = TraceText.lines([TraceText.header()] + TraceText.events(3))
    try Fixture.write(trace, to: directory.file("traces/a.ndjson.gz"))
    try Fixture.write(trace, to: directory.file("elsewhere/b.ndjson.gz"))
    try manager.createSymbolicLink(
      atPath: directory.file("traces/b.ndjson.gz"), withDestinationPath: "../elsewhere/b.ndjson.gz")
    try manager.createSymbolicLink(atPath: directory.file("traces/more"), withDestinationPath: "../elsewhere")
    try manager.createSymbolicLink(
      atPath: directory.file("traces/gone.ndjson.gz"), withDestinationPath: "nowhere.ndjson.gz")
    try manager.createSymbolicLink(atPath: directory.file("loop.ndjson"), withDestinationPath: "loop.ndjson")
    let runner = CommandRunner(directory: directory.path)
    let check = try runner.run(["check", "traces"])
    #expect(check.status == 2)
    #expect(check.output.contains("in 2 files"), "\(check.output)")
    #expect(check.error.contains("traces/more: note: not walked: a symbolic link to a directory"), "\(check.error)")
    #expect(check.error.contains("traces/gone.ndjson.gz: error: no such file or directory"), "\(check.error)")
    let loop = try runner.run(["check", "loop.ndjson"])
    #expect(loop.status == 2)
    #expect(loop.error.contains("loop.ndjson: error: a loop of symbolic links"), "\(loop.error)")
  }
}
