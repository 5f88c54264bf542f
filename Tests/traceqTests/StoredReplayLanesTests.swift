import Foundation
import Replay
import TestSupport
import Testing
import TraceModel
import TraceStore

@testable import TraceGenerator
@testable import TraceIngest
@testable import traceq

/// `check --db` replays stored sessions on several lanes, each reading its own snapshot; what it
/// reports and stores must not depend on how many, nor on which lane read which session.
@Suite("check --db on several lanes")
struct StoredReplayLanesTests {
  /// What a replay gave, in the order the caller got it.
  struct Replayed: Equatable {
    var sessions: [Int64] = []
    var events: [Int] = []
    var findings: [String] = []
  }

  @Test("1 to 5 lanes: the same sessions, events and findings, in the same order", .timeLimit(.minutes(2)))
  func sameOnEveryLaneCount() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 30_000, sessions: 60, seed: 11, anomalyRate: 0.01))
    let backend = TraceStores.at(store.database)
    let one = try replay(backend, lanes: 1)
    #expect(one.sessions.count == 60)
    #expect(one.findings.count > 20)
    for lanes in 2...5 { #expect(try replay(backend, lanes: lanes) == one, "\(lanes) lanes") }
  }

  @Test("a session another lane's snapshot does not hold as listed is read by lane 0", .timeLimit(.minutes(2)))
  func handedBackToLaneZero() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 8_000, sessions: 20, seed: 3, anomalyRate: 0.01))
    let backend = TraceStores.at(store.database)
    let expected = try replay(backend, lanes: 1)
    let replaced = ReplacedOddSessions(backend)
    #expect(try replay(replaced, lanes: 3) == expected)
    #expect(replaced.refused.value > 0, "lanes other than 0 were asked about odd sessions")
  }

  @Test("findings stored the same on 1 and 3 lanes", .timeLimit(.minutes(2)))
  func storedFindings() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 10_000, sessions: 25, seed: 7, anomalyRate: 0.02))
    let backend = TraceStores.at(store.database)
    func stored(lanes: Int) throws -> [String] {
      _ = try replay(backend, lanes: lanes, storing: true)
      return try backend.openQueries(note: { _ in }).rows(
        "SELECT session_id, line, rule, message FROM anomalies ORDER BY session_id, line, rule, message"
      ).map { "\($0)" }
    }
    let one = try stored(lanes: 1)
    #expect(!one.isEmpty)
    #expect(try stored(lanes: 3) == one)
  }

  @Test("lanes run at most four sessions each ahead of a slow caller", .timeLimit(.minutes(2)))
  func boundedAhead() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 12_000, sessions: 60, seed: 5, anomalyRate: 0.01))
    let lanes = StoredReplayLanes(
      store: TraceStores.at(store.database), rules: try Samples.policy().rules, lanes: 3, keeps: { _ in true })
    defer { lanes.stop() }
    let sessions = try lanes.catalog().sessions
    #expect(sessions.count == 60)
    for index in sessions.indices {
      // The lanes replay a session in far less than this: unbounded, they would finish them all.
      if index < 20 { Thread.sleep(forTimeInterval: 0.02) }
      _ = try lanes.outcome(of: index)
    }
    #expect(lanes.window == 12)
    #expect(lanes.mostOutcomesWaiting <= lanes.window)
  }

  @Test("sessions with many findings keep a lane's share of them in memory, all in line order", .timeLimit(.minutes(2)))
  func findingsInMemoryShared() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    // viewWillAppear again and again: a finding a line, and one at the end for the last.
    let appearances = 1_500
    let session =
      [TraceText.header(), #"{"ev":"setRoot","vc":"0x1","class":"Root"}"#]
      + Array(repeating: #"{"ev":"viewWillAppear","vc":"0x1","animated":false}"#, count: appearances)
    let trace = try store.write(TraceText.lines(Array(repeating: session, count: 6).flatMap { $0 }), as: "appear.gz")
    _ = try store.ingest([trace])
    let lanes = StoredReplayLanes(
      store: TraceStores.at(store.database), rules: try Samples.policy().rules, lanes: 4, keeps: { _ in true })
    defer { lanes.stop() }
    let sessions = try lanes.catalog().sessions
    #expect(sessions.count == 6)
    for index in sessions.indices {
      let findings = try #require(try lanes.outcome(of: index).findings)
      #expect(findings.mostInMemory <= SessionFindings.windowCapacity / 4)
      let lines = findings.map(\.line)
      #expect(lines.count == appearances)
      #expect(lines == lines.sorted())
    }
  }

  private func replay(_ backend: any TraceStoreBackend, lanes: Int, storing: Bool = false) throws -> Replayed {
    var replayed = Replayed()
    let rules = try Samples.policy().rules
    let check = StoredCheck(store: backend, rules: rules, lanes: lanes, keeps: { _ in true })
    try check.run(
      storingFindingsIn: storing ? try backend.openFindingWriter() : nil, note: { _ in }, begin: { _, _ in },
      replayed: { session, events in
        replayed.sessions.append(session.id)
        replayed.events.append(events)
      },
      found: { replayed.findings.append("\($0.line) \($0.ruleID) \($0.message)") })
    return replayed
  }
}

/// A store whose readers, but the one that lists the sessions, see the sessions with odd ids
/// as files replaced meanwhile would be: not held as listed, and without their records.
private final class ReplacedOddSessions: TraceStoreBackend, @unchecked Sendable {
  let backend: any TraceStoreBackend
  /// How many times a reader said so.
  let refused = Counter()

  init(_ backend: any TraceStoreBackend) { self.backend = backend }

  var location: String { backend.location }
  var exists: Bool { backend.exists }
  func openWriter() throws -> any TraceFileWriter { try backend.openWriter() }
  func openFindingWriter() throws -> any FindingWriter { try backend.openFindingWriter() }
  func openQueries(note: (String) -> Void) throws -> any QueryRunner { try backend.openQueries(note: note) }
  func newStoreObjects() throws -> [StoredObject] { try backend.newStoreObjects() }

  func readSessions<T>(note: (String) -> Void, _ body: (any StoredSessionReader) throws -> T) throws -> T {
    try backend.readSessions(note: note) { reader in try body(Reader(reader: reader, refused: refused)) }
  }

  private final class Reader: StoredSessionReader {
    let reader: any StoredSessionReader
    let refused: Counter
    /// Whether this reader listed the sessions (it then holds them all).
    var listed = false

    init(reader: any StoredSessionReader, refused: Counter) {
      self.reader = reader
      self.refused = refused
    }

    func sessions() throws -> [StoredSession] {
      listed = true
      return try reader.sessions()
    }

    func damage() throws -> [Int64: [IngestIssue]] { try reader.damage() }

    func holds(_ session: StoredSession) throws -> Bool {
      guard replaced(session) else { return try reader.holds(session) }
      refused.add()
      return false
    }

    func readRecords(of session: StoredSession, batchBytes: Int, _ body: (any StoredRecordBatch) throws -> Void) throws
    {
      guard !replaced(session) else { return }
      try reader.readRecords(of: session, batchBytes: batchBytes, body)
    }

    private func replaced(_ session: StoredSession) -> Bool { !listed && session.id % 2 == 1 }
  }
}

/// A count several threads add to.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
