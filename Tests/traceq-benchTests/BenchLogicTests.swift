import Foundation
import Testing

@testable import traceq_bench

@Suite("traceq-bench: options, ratios and sizes")
struct BenchLogicTests {
  @Test("--many reads FILESxEVENTS with the units of --sizes")
  func manyOption() throws {
    #expect(try ManyFiles("200x50k") == ManyFiles(files: 200, eventsPerFile: 50_000))
    #expect(try ManyFiles("3X2M") == ManyFiles(files: 3, eventsPerFile: 2_000_000))
    #expect(try ManyFiles("20x10000").label == "20x10k")
    #expect(try ManyFiles("20x10k").events == 200_000)
    for bad in ["200", "x50k", "0x50k", "200x", "200x0", "-1x5k", "ax5k", "200x5q"] {
      #expect(throws: BenchError.self, "\(bad)") { try ManyFiles(bad) }
    }
  }

  @Test("the default many-file set is issue 17's 200 files of 50k events; --many and --cases change it")
  func defaults() throws {
    #expect(try BenchOptions([]).many == ManyFiles(files: 200, eventsPerFile: 50_000))
    let options = try BenchOptions(["--many", "20x10k", "--cases", "many-check-j1,many-check-j2,queries"])
    #expect(options.many == ManyFiles(files: 20, eventsPerFile: 10_000))
    #expect(options.cases == ["many-check-j1", "many-check-j2", "queries"])
    #expect(throws: BenchError.self) { try BenchOptions(["--many"]) }
  }

  @Test("a paired ratio is the median of the rounds' ratios, skipping rounds where either failed")
  func pairedRatio() {
    #expect(Rounds.pairedRatio([2, 4, 9], over: [1, 1, 3]) == 3)
    #expect(Rounds.pairedRatio([2, nil, 6, 10], over: [1, 1, nil, 2]) == 3.5)
    #expect(Rounds.pairedRatio([1, 1], over: [nil, 0]) == nil)
    #expect(Rounds.pairedRatio([], over: []) == nil)
    // The time ratio is the speed ratio's inverse, round by round.
    #expect(Rounds.pairedRatio([1], over: [4]) == 0.25)
  }

  @Test("a size row gives bytes per event of the database and of the text, and their ratio")
  func sizeRow() {
    #expect(
      StoreSize.row("ingest-new", databaseBytes: 132_000_000, textBytes: 82_000_000, events: 1_000_000)
        == "| ingest-new | 132.0 | 132.0 | 82.0 | 1.61× |")
    #expect(
      StoreSize.row("duckdb", databaseBytes: 24_000_000, textBytes: 96_000_000, events: 1_000_000)
        == "| duckdb | 24.0 | 24.0 | 96.0 | 0.25× |")
  }

  @Test("the size of a trace's text is every line with its newline")
  func textBytes() throws {
    let path = NSTemporaryDirectory() + "traceq-bench-text-\(UUID().uuidString).ndjson"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "{\"a\":1}\n\n{\"b\":22}\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try StoreSize.textBytes(path) == 18)
  }
}
