import Foundation
import TestSupport
import Testing
import TraceModel
import TraceReading

/// Memory stays bounded whatever the input: measured as the peak resident memory of the
/// `traceq` process (GNU time), never with timings.
@Suite("Ingest memory")
struct IngestMemoryTests {
  /// A gzip trace of `lines` records of about 1 MB each (the longest a line may be), written
  /// piece by piece.
  static func longLines(_ lines: Int, to path: String) throws {
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    let writer = CompressingWriter(compression: .gzip, level: 1) { file.write(Data($0)) }
    try writer.write(TraceText.header() + "\n")
    let filler = String(repeating: "x", count: 1_000_000)
    for index in 0..<lines {
      try writer.write("{\"ev\":\"appNote\",\"vc\":\"0x\(index)\",\"note\":\"\(filler)\"}\n")
    }
    try writer.finish()
  }

  @Test("200 lines of 1 MB are ingested with -j 2 in well under 200 MB")
  func longLinesStayBounded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = directory.file("long.ndjson.gz")
    #expect(FileManager.default.createFile(atPath: trace, contents: nil))
    try Self.longLines(200, to: trace)
    let runner = CommandRunner(directory: directory.path)
    guard let (result, bytes) = try runner.peakMemory(["ingest", "-q", "-j", "2", "--db", "t.db", trace]) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("200 events"), "\(result.output)")
    // Before the ingest pipe was bounded in bytes, one batch held every line: over 200 MB.
    #expect(bytes < 80 << 20, "peak resident memory \(bytes >> 20) MB")
  }

  /// A directory holding `many.ndjson.gz`, 1 M controllers in one session, 3 in 4 never
  /// deallocated, and a runner of commands there.
  private static func manyControllers() throws -> (TemporaryDirectory, CommandRunner) {
    let directory = try TemporaryDirectory()
    let trace = directory.file("many.ndjson.gz")
    #expect(FileManager.default.createFile(atPath: trace, contents: nil))
    try CheckMemoryTests.manyControllers(1_000_000, to: trace)
    return (directory, CommandRunner(directory: directory.path))
  }

  @Test(
    "1 M controllers in one session, 3 in 4 never deallocated, are ingested in well under 150 MB, each stored",
    arguments: [[], ["--check"]])
  func neverDeallocatedControllersStayBounded(_ options: [String]) throws {
    let (directory, runner) = try Self.manyControllers()
    defer { directory.remove() }
    guard let (result, bytes) = try runner.peakMemory(["ingest", "--db", "t.db", "many.ndjson.gz"] + options) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.error.contains("warning: the session names more than 65536 objects"),
      "\(result.error)")
    // Before ingest released controllers' ids, every address kept its symbols and row: about 420 MB.
    #expect(bytes < 150 << 20, "peak resident memory \(bytes >> 20) MB")
    let rows = try runner.run(
      [
        "query", "--db", "t.db", "--format", "csv",
        "SELECT count(*), count(DISTINCT address), count(class) FROM controllers",
      ])
    #expect(rows.output.hasSuffix("1000001,1000001,1000001\n"), "\(rows.output)\(rows.error)")
  }

  @Test(
    "syncing that session to another database, or checking it there, stays as bounded; sync stores the same rows")
  func syncOfNeverDeallocatedControllersStaysBounded() throws {
    let (directory, runner) = try Self.manyControllers()
    defer { directory.remove() }
    #expect(try runner.run(["ingest", "-q", "--db", "source.db", "many.ndjson.gz"]).status == 0)
    guard let (result, bytes) = try runner.peakMemory(["sync", "--from", "source.db", "--to", "target.db"]) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.error)")
    // Before sync released controllers' ids as ingest does, and read a session's addresses
    // whole before its rows: about 410 MB.
    #expect(bytes < 150 << 20, "peak resident memory \(bytes >> 20) MB")
    guard let (checked, checkBytes) = try runner.peakMemory(["check", "--db", "source.db"]) else { return }
    #expect(checked.status == 0, "\(checked.error)")
    // Before the reader looked up the addresses past the first 65536: about 200 MB.
    #expect(checkBytes < 150 << 20, "check --db: peak resident memory \(checkBytes >> 20) MB")
    let summary = """
      SELECT count(*), count(DISTINCT address), count(class), sum(will_appear), sum(first_line), sum(last_line)
      FROM controllers
      """
    let source = try runner.run(["query", "--db", "source.db", "--format", "csv", summary])
    let target = try runner.run(["query", "--db", "target.db", "--format", "csv", summary])
    #expect(source.output.hasPrefix("count(*)") && source.output == target.output, "\(source.output)\(target.output)")
    let issues = "SELECT line, kind FROM ingest_errors ORDER BY line, kind"
    let sourceIssues = try runner.run(["query", "--db", "source.db", "--format", "csv", issues])
    #expect(sourceIssues.output.contains("too-many-objects"), "\(sourceIssues.output)")
    #expect(try runner.run(["query", "--db", "target.db", "--format", "csv", issues]).output == sourceIssues.output)
  }
}
