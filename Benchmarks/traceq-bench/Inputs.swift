import Foundation
import TraceGenerator

/// The generated traces the cases read, and the database `ingest-append` adds to: made with
/// ``TraceGenerator`` (5,000 events a session, 0.1 % anomalies, gzip; the same bytes as
/// `traceq generate` with those options), kept in a directory and reused when they are already there.
struct Inputs {
  let directory: String
  /// Removed at the end (no --inputs).
  let isTemporary: Bool
  private let traceq: String
  private let seed: Int

  init(directory: String?, traceq: String, seed: Int) throws {
    self.traceq = traceq
    self.seed = seed
    isTemporary = directory == nil
    self.directory = directory ?? NSTemporaryDirectory() + "traceq-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
  }

  /// The trace of `events` events, generated unless it is already there.
  func trace(events: Int) throws -> Input {
    let path = "\(directory)/trace-\(Self.label(events))-seed\(seed).ndjson.gz"
    if !FileManager.default.fileExists(atPath: path) {
      Progress.say("generating \(Self.label(events)) events → \(path)")
      try Self.generate(events: events, seed: seed, to: path)
    }
    return Input(
      path: path, events: events, bytes: Files.size(path), label: Self.label(events),
      title: "\(Self.label(events)) events")
  }

  /// A directory of `many.files` traces of `many.eventsPerFile` events (seeds `seed`, `seed`
  /// + 1…), generated unless it is already there: the input of the many-file cases, which
  /// `traceq check` and `ingest` read as a directory.
  func manyFiles(_ many: ManyFiles) throws -> Input {
    let path = "\(directory)/many-\(many.label)-seed\(seed)"
    if !FileManager.default.fileExists(atPath: path) {
      Progress.say("generating \(many.files) files of \(Inputs.label(many.eventsPerFile)) events → \(path)")
      let partial = path + ".partial"
      try? FileManager.default.removeItem(atPath: partial)
      try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
      for index in 0..<many.files {
        let name = "trace-\(index + 1)-of-\(many.files).ndjson.gz"
        try Self.generate(events: many.eventsPerFile, seed: seed + index, to: "\(partial)/\(name)")
      }
      try FileManager.default.moveItem(atPath: partial, toPath: path)
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: path)
    return Input(
      path: path, events: many.events, bytes: files.reduce(0) { $0 + Files.size("\(path)/\($1)") },
      label: many.label, title: "\(many.files) files of \(Inputs.label(many.eventsPerFile)) events")
  }

  /// Writes the trace `traceq generate --events N --sessions N/5000 --anomalies 0.001 --seed S`
  /// writes, under a temporary name first.
  private static func generate(events: Int, seed: Int, to path: String) throws {
    let partial = path + ".partial"
    let settings = TraceGenerator.Settings(
      events: events, sessions: max(1, events / 5_000), seed: UInt64(seed), anomalyRate: 0.001)
    do {
      let file = try OutputFile(path: partial)
      _ = try TraceGenerator(settings: settings).write(to: { try file.write($0) })
    } catch {
      throw BenchError("generating \(partial) failed: \(error)")
    }
    try FileManager.default.moveItem(atPath: partial, toPath: path)
  }

  /// Where ``makeBaseDatabase()`` puts the database `ingest-append` adds to.
  var baseDatabase: String { "\(directory)/base-seed\(seed).db" }

  /// Stores another trace (200k events, another seed) in ``baseDatabase``, unless it is there.
  func makeBaseDatabase() throws {
    let database = baseDatabase
    guard !FileManager.default.fileExists(atPath: database) else { return }
    let other = try Inputs(directory: directory, traceq: traceq, seed: seed + 1).trace(events: 200_000)
    Progress.say("storing \(other.path) in \(database) (the database ingest-append adds to)")
    let partial = "\(directory)/base-partial.db"
    Files.removeDatabase(partial)
    let run = try ChildProcess.run(
      [traceq, "ingest", "--db", partial, "-q", other.path], log: "\(directory)/base.log", measuringMemory: false)
    guard run.status == 0 else {
      throw BenchError("traceq ingest failed: \(Files.firstLine(of: "\(directory)/base.log"))")
    }
    try Files.copyDatabase(partial, to: database)
    Files.removeDatabase(partial)
  }

  func removeIfTemporary() {
    if isTemporary { try? FileManager.default.removeItem(atPath: directory) }
  }

  /// "1M", "5M", "200k", "1234".
  static func label(_ events: Int) -> String {
    if events % 1_000_000 == 0 { return "\(events / 1_000_000)M" }
    if events % 1_000 == 0 { return "\(events / 1_000)k" }
    return "\(events)"
  }
}
