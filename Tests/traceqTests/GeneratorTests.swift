import Foundation
import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

@testable import TraceGenerator
@testable import traceq

/// A generated trace, held in memory.
private struct Generated {
  var bytes: [UInt8] = []
  var truth = ""
  var summary = TraceGenerator.Summary()
  /// The size of each piece the generator handed over.
  var pieces: [Int] = []

  init(_ settings: TraceGenerator.Settings) throws {
    var bytes: [UInt8] = []
    var pieces: [Int] = []
    var truth: [UInt8] = []
    summary = try TraceGenerator(settings: settings).write(
      to: { piece in
        bytes.append(contentsOf: piece)
        pieces.append(piece.count)
      }, truth: { truth.append(contentsOf: $0) })
    self.bytes = bytes
    self.pieces = pieces
    self.truth = String(decoding: truth, as: UTF8.self)
  }

  /// The decompressed lines.
  func lines() throws -> [String] {
    let reader = try TraceReader(source: MemoryByteSource(bytes), path: "generated")
    var lines: [String] = []
    while let line = try reader.next() { lines.append(line.text(limit: .max)) }
    #expect(reader.endIssues.isEmpty)
    return lines
  }

  /// What `traceq check` reports: each finding as "line session rule", and the input issues.
  func check() throws -> (findings: [String], issues: [IngestIssue]) {
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "generated"))
    var findings: [String] = []
    var issues: [IngestIssue] = []
    _ = try TraceChecker(rules: RuleSet()).check(
      stream, onFinding: { findings.append("\($0.line)\t\($0.session)\t\($0.ruleID)") }, onIssue: { issues.append($0) })
    return (findings, issues)
  }

  /// The ground truth's rows, without the header.
  var truthRows: [String] { truth.split(separator: "\n").dropFirst().map(String.init) }
}

@Suite("traceq generate")
struct GeneratorTests {
  static let small = TraceGenerator.Settings(events: 4_000, sessions: 10, seed: 7)

  @Test("the same seed gives the same bytes; another seed, others")
  func deterministic() throws {
    let first = try Generated(Self.small)
    #expect(first.bytes == (try Generated(Self.small)).bytes)
    var other = Self.small
    other.seed = 8
    #expect(first.bytes != (try Generated(other)).bytes)
  }

  @Test("every compression reads back as the same lines", arguments: [GeneratedCompression.gzip, .multiGzip, .zlib])
  func compressions(_ compression: GeneratedCompression) throws {
    var plain = Self.small
    plain.compression = .none
    var settings = Self.small
    settings.compression = compression
    let generated = try Generated(settings)
    #expect(generated.bytes.withUnsafeBytes { Compression.sniff($0) } == compression.stream)
    #expect(try generated.lines() == (try Generated(plain)).lines())
  }

  @Test("multi-gzip starts a gzip member every --member-sessions sessions")
  func members() throws {
    let gzipHeader: [UInt8] = [0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]
    func members(_ compression: GeneratedCompression, every sessions: Int) throws -> Int {
      var settings = Self.small
      settings.compression = compression
      settings.sessionsPerMember = sessions
      let bytes = try Generated(settings).bytes
      return (0...(bytes.count - gzipHeader.count)).count {
        bytes[$0..<$0 + gzipHeader.count].elementsEqual(gzipHeader)
      }
    }
    #expect(try members(.multiGzip, every: 1) == 10)
    #expect(try members(.multiGzip, every: 3) == 4)
    #expect(try members(.gzip, every: 1) == 1)
  }

  @Test(
    "exactly the events and sessions asked for, each session with its header",
    arguments: [
      (events: 500, sessions: 10), (events: 12_345, sessions: 7), (events: 30_000, sessions: 1),
    ])
  func counts(_ size: (events: Int, sessions: Int)) throws {
    var settings = TraceGenerator.Settings(events: size.events, sessions: size.sessions, seed: 3, anomalyRate: 0.01)
    settings.compression = .none
    let generated = try Generated(settings)
    let lines = try generated.lines()
    #expect(generated.summary.events == size.events)
    #expect(generated.summary.sessions == size.sessions)
    #expect(lines.count == size.events + size.sessions)
    #expect(lines.filter { $0.hasPrefix("{\"traceq\":1,") }.count == size.sessions)
    #expect(lines.first?.hasPrefix("{\"traceq\":1,") == true)
  }

  @Test("without anomalies, traceq check finds nothing at all (notes included)", arguments: [UInt64(1), 2, 3])
  func cleanTraceChecksClean(_ seed: UInt64) throws {
    let generated = try Generated(TraceGenerator.Settings(events: 20_000, sessions: 20, seed: seed))
    let result = try generated.check()
    #expect(result.findings.isEmpty)
    #expect(result.issues.isEmpty)
    #expect(generated.truthRows.isEmpty)
  }

  @Test("traceq check finds exactly the injected anomalies, of every kind", arguments: [UInt64(1), 2])
  func anomaliesMatchTheGroundTruth(_ seed: UInt64) throws {
    let generated = try Generated(
      TraceGenerator.Settings(events: 12_000, sessions: 12, seed: seed, anomalyRate: 0.01))
    let result = try generated.check()
    #expect(result.issues.isEmpty)
    #expect(result.findings == generated.truthRows)
    #expect(generated.summary.anomalies == generated.truthRows.count)
    let kinds = Set(generated.truthRows.compactMap { $0.split(separator: "\t").last.map(String.init) })
    #expect(kinds == Set(AnomalyKind.allCases.map(\.ruleID)))
  }

  @Test("every anomaly kind is named after a rule of the catalog")
  func kindsAreRules() {
    let ids = Set(RuleCatalog.all.map { $0.description.id })
    #expect(AnomalyKind.allCases.allSatisfy { ids.contains($0.ruleID) })
  }

  @Test("the trace streams out in pieces whatever its size: nothing holds the whole trace")
  func streams() throws {
    var settings = TraceGenerator.Settings(events: 150_000, sessions: 3, seed: 5)
    settings.compression = .none
    let generated = try Generated(settings)
    #expect(generated.pieces.count > 150)
    #expect(generated.pieces.allSatisfy { $0 <= 80_000 })
  }

  @Test("docs/performance.md documents every option of traceq generate and the ground truth's columns")
  func documented() throws {
    let document = try DocumentationTests.read("docs/performance.md")
    let options = TraceqCommand.Generate.helpMessage(columns: 1_000).split(separator: " ").filter {
      $0.hasPrefix("--") && $0 != "--help"
    }
    #expect(!options.isEmpty)
    for option in Set(options.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }) {
      #expect(document.contains("`\(option)"), "\(option) is not in docs/performance.md")
    }
    var header = ""
    var truth = GroundTruth { header += String(decoding: $0, as: UTF8.self) }
    try truth.flush()
    #expect(document.contains(header))
  }

  @Test(
    "bad options are errors, not crashes",
    arguments: [
      (["--events", "100", "--sessions", "5"], "at least 50 per session"),
      (["--anomalies", "0.5"], "--anomalies must be a rate"),
      (["--level", "0"], "--level must be"),
      (["--sessions", "0"], "--sessions must be at least 1"),
      (["--compression", "brotli"], "brotli"),
      (["--member-sessions", "0"], "--member-sessions"),
    ])
  func badOptions(_ options: [String], _ message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(["generate"] + options + ["t.ndjson.gz"])
    #expect(result.status == 2)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test("an unwritable output is an error")
  func unwritableOutput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(["generate", "/nonexistent-dir/t.ndjson.gz"])
    #expect(result.status == 2)
    #expect(result.error.contains("error: cannot write /nonexistent-dir/t.ndjson.gz"), "\(result.error)")
  }

  @Test("the command writes the trace and the ground truth")
  func command() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let result = try runner.run([
      "generate", "--events", "3000", "--sessions", "6", "--anomalies", "0.005", "--truth", "truth.tsv", "t.ndjson.gz",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("t.ndjson.gz: 3000 events in 6 sessions"))
    let truth = try String(contentsOfFile: directory.file("truth.tsv"), encoding: .utf8)
    #expect(truth.hasPrefix("line\tsession\trule\n"))
    let settings = TraceGenerator.Settings(events: 3000, sessions: 6, seed: 1, anomalyRate: 0.005)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: directory.file("t.ndjson.gz"))) == Data(Generated(settings).bytes))
  }
}
