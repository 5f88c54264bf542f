import Foundation
import TestSupport
import Testing

/// A reader that leaves early (`traceq … | head -1`) stops the printing, not the work: the
/// files are stored and a new database published, with the status of the work; a query, whose
/// work is printing, stops at once.
@Suite("Closed pipes")
struct ClosedPipeTests {
  /// A directory with `count` small valid traces in `traces/`, from build `first` on, each with
  /// 100 warnings: `ingest --check` prints far more than a pipe's buffer and its own.
  static func traces(_ count: Int, first: Int = 0, in directory: TemporaryDirectory) throws {
    try FileManager.default.createDirectory(atPath: directory.file("traces"), withIntermediateDirectories: true)
    let appearances = Array(repeating: #"{"ev":"viewDidAppear","vc":"0x1","class":"ItemController"}"#, count: 101)
    for index in first..<(first + count) {
      try Fixture.write(
        TraceText.lines([TraceText.header(extra: "\"build\":\"\(index)\"")] + appearances),
        to: directory.file("traces/t\(index).ndjson.gz"))
    }
  }

  /// Runs `command | head -1` with bash; the result's status is traceq's, not head's.
  static func piped(_ command: String, in directory: TemporaryDirectory) throws -> CommandRunner.Result {
    try shell(#"\#(command) | head -1; exit "${PIPESTATUS[0]}""#, in: directory.path, using: "/bin/bash")
  }

  @Test("ingest --check into a new database through head -1 stores every file, publishes it, and exits 0")
  func ingestNewDatabase() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.traces(100, in: directory)
    let result = try Self.piped(#""$TRACEQ" ingest --check --db d.db traces"#, in: directory)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.split(separator: "\n").count == 1)
    #expect(result.error.isEmpty, "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("d.db.building")))
    let count = try CommandRunner(directory: directory.path).run([
      "query", "--db", "d.db", "SELECT count(*) FROM traces",
    ])
    #expect(count.output == "count(*)\n100\n", "\(count.error)")
  }

  @Test("ingest --check into an existing database through head -1 stores the files after the reader left")
  func ingestExistingDatabase() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.traces(1, in: directory)
    #expect(try CommandRunner(directory: directory.path).run(["ingest", "--db", "d.db", "traces"]).status == 0)
    try Self.traces(100, first: 1, in: directory)
    let result = try Self.piped(#""$TRACEQ" ingest --check --db d.db traces"#, in: directory)
    #expect(result.status == 0, "\(result.error)")
    let count = try CommandRunner(directory: directory.path).run([
      "query", "--db", "d.db", "SELECT count(*) FROM traces",
    ])
    #expect(count.output == "count(*)\n101\n", "\(count.error)")
  }

  @Test(
    "an endless query through head -1 stops at the first failed write, with SIGPIPE default or ignored",
    arguments: ["", "trap '' PIPE; "])
  func endlessQuery(prefix: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.traces(1, in: directory)
    #expect(try CommandRunner(directory: directory.path).run(["ingest", "--db", "d.db", "traces"]).status == 0)
    let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
    // Were the failed write not noticed, the query would run to its timeout and say so.
    let result = try Self.piped(#"\#(prefix)"$TRACEQ" query --db d.db --timeout 30 "\#(sql)""#, in: directory)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "x\n")
    #expect(result.error.isEmpty, "\(result.error)")
  }
}
