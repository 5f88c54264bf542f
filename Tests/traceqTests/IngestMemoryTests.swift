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
}
