import Dispatch
import Foundation
import TestSupport
import Testing
import TraceIngest
import TraceModel
import TraceReading
import TraceStore

@testable import TraceGenerator
@testable import traceq

/// What every store backend must do, whatever it stores traces in: one set of tests, run
/// against each backend of ``BackendUnderTest/all``.
@Suite("Store conformance")
struct StoreConformanceTests {
  @Test("re-ingesting the same content stores it once, under any path", arguments: BackendUnderTest.all)
  func reingest(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    let path = try store.stored(homepwner, as: "hp.ndjson.gz")
    let copy = try store.write(homepwner, as: "copy.ndjson.gz")
    let again = try store.ingest([path, copy])
    #expect(again.status == .clean)
    #expect(
      again.output.prefix(2) == [
        "\(path): skipped, already stored; --force replaces it",
        "\(copy): skipped, already stored (as \(path)); --force replaces it",
      ])
    #expect(try store.count("SELECT count(*) FROM traces") == 1)
    #expect(try store.count("SELECT count(*) FROM events") == 9)
  }

  @Test("--force replaces the stored trace of the same content", arguments: BackendUnderTest.all)
  func forceReplaces(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    let path = try store.stored(homepwner, as: "hp.ndjson.gz")
    let forced = try store.ingest([path], force: true)
    #expect(forced.output.first?.hasSuffix("replaced \(path)") == true)
    #expect(try store.rows("SELECT id FROM traces") == [[.integer(2)]])
    #expect(try store.count("SELECT count(*) FROM sessions") == 1)
    #expect(try store.count("SELECT count(*) FROM events") == 9)
    #expect(try store.count("SELECT count(*) FROM controllers") == 5)
  }

  static let twoSessions = TraceText.lines(
    [TraceText.header(idiom: "pad"), #"{"ev":"popoverCreate","popover":"P","vc":"0x1","class":"FailingPicker"}"#]
      + TraceText.events(10)
      + [TraceText.header(idiom: "pad"), #"{"ev":"popoverCreate","popover":"Q","vc":"0x2"}"#]
      + TraceText.events(3000, first: 100))

  @Test(
    "a file whose reading fails midway leaves nothing of itself, in a new store as in one with files",
    arguments: BackendUnderTest.all, [true, false])
  func readFailureMidway(_ backend: BackendUnderTest, newStore: Bool) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    let good = try store.write(homepwner, as: "good.ndjson.gz")
    let failing = try store.write(Self.twoSessions, as: "failing.ndjson.gz")
    if !newStore { #expect(try store.ingest([good]).status == .clean) }
    let writer = try TraceStores.at(store.location).openWriter()
    #expect(throws: TraceReadError.self) {
      try writer.store(
        try FailingSource(path: failing, failingAfter: 2000), as: TraceIngestion(path: failing, force: false))
    }
    if newStore {
      _ = try writer.store(try TraceDecoding(path: good, rules: nil), as: TraceIngestion(path: good, force: false))
    }
    try writer.finish()
    #expect(try store.rows("SELECT path, sessions, events FROM traces") == [[.text(good), .integer(1), .integer(9)]])
    #expect(try store.count("SELECT count(*) FROM sessions") == 1)
    #expect(try store.count("SELECT count(*) FROM events") == 9)
    #expect(try store.count("SELECT count(*) FROM popovers WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
    #expect(try store.count("SELECT count(*) FROM controllers WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
    // session_classes lists the classes of the controllers left (the good file's navigation
    // controller, items controller and image picker), and only those.
    #expect(try store.count("SELECT count(*) FROM session_classes") == 3)
    #expect(try store.count("SELECT count(*) FROM ingest_errors") == 0)
    #expect(
      try store.count(
        """
        SELECT count(*) FROM (SELECT class, session_id FROM session_classes
          EXCEPT SELECT class, session_id FROM controllers WHERE class IS NOT NULL) AS unmatched
        """) == 0)
  }

  @Test(
    "a file the store fails to take midway leaves nothing of itself; files stored before stay",
    arguments: BackendUnderTest.all)
  func storeFailureMidway(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.stored(homepwner, as: "good.ndjson.gz")
    try backend.failStoring(store.location, 500)
    let big = try store.write(TraceText.lines([TraceText.header()] + TraceText.events(1000)), as: "big.ndjson.gz")
    let result = try store.ingest([big])
    #expect(result.status == .unusable)
    let named = TraceStores.at(store.location).location
    #expect(result.errors.last?.hasPrefix("\(big): error: writing to the database \(named) failed") == true)
    #expect(result.errors.last?.contains("nothing of this file was stored") == true)
    #expect(try store.count("SELECT count(*) FROM traces") == 1)
    #expect(try store.count("SELECT count(*) FROM sessions") == 1)
    #expect(try store.count("SELECT count(*) FROM events") == 9)
  }

  @Test("writers storing at once store each file once, and neither fails", arguments: BackendUnderTest.all)
  func concurrentWriters(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    let shared = try store.write(homepwner, as: "shared.ndjson.gz")
    let own = try (0..<2).map { writer in
      try store.write(
        TraceText.lines([TraceText.header()] + TraceText.events(3000, first: 10 * writer)), as: "own\(writer).ndjson.gz"
      )
    }
    let statuses = Locked<[traceq.ExitStatus]>([])
    let work = UncheckedBox((store, own, shared))
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      let (store, own, shared) = work.value
      let status = (try? store.ingest([own[writer], shared]).status) ?? .unusable
      statuses.withLock { $0.append(status) }
    }
    #expect(statuses.withLock { $0 } == [.clean, .clean])
    #expect(try store.count("SELECT count(*) FROM traces") == 3)
    #expect(try store.count("SELECT count(DISTINCT sha256) FROM traces") == 3)
    #expect(try store.count("SELECT count(*) FROM events") == 9 + 2 * 3000)
  }

  @Test(
    "a reader keeps its snapshot while a file is stored, and keeps no writer waiting",
    arguments: BackendUnderTest.all)
  func readerDuringWrite(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.stored(homepwner, as: "first.ndjson.gz")
    let second = try store.write(Self.twoSessions, as: "second.ndjson.gz")
    try TraceStores.at(store.location).readSessions(note: { _ in }) { reader in
      let before = try reader.sessions()
      #expect(before.count == 1)
      #expect(try Self.finishes(within: 60) { try store.ingest([second]).status } == .clean)
      #expect(try reader.sessions() == before)
      var records = 0
      try reader.forEachRecord(of: before[0]) { _ in records += 1 }
      #expect(records == 9)
    }
    #expect(try store.count("SELECT count(*) FROM sessions") == 3)
  }

  @Test(
    "check --db stores the findings of the stored sessions: those check finds in the files",
    arguments: BackendUnderTest.all)
  func checkStoresFindings(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.ingest([Samples.directory])
    let reporter = CollectingReporter()
    #expect(try store.checkStored(reporter: reporter).status == .findings)
    let expected = Samples.expected.flatMap { name, lines in lines.map { "\(name) \($0)" } }
    #expect(Set(try Self.storedFindings(store)) == Set(expected))
    #expect(try Self.storedFindings(store).count == expected.count)
    #expect(Set(reporter.findings.map { Self.describe($0) }) == Set(expected))
    // A second run replaces the results instead of adding to them.
    _ = try store.checkStored()
    #expect(try store.count("SELECT count(*) FROM anomalies") == expected.count)
  }

  @Test(
    "check --db stores what changed since it last stored findings, and nothing when nothing did",
    arguments: BackendUnderTest.all)
  func checkStoresOnlyChanges(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.ingest([Samples.directory])
    #expect(try store.checkStored().status == .findings)
    let stored = try store.rows("SELECT session_id, line, rule, message FROM anomalies ORDER BY 1, 2, 3, 4")
    #expect(!stored.isEmpty)
    // Another tool removes a finding: the next check stores its session's findings again.
    try backend.execute(store.location, "DELETE FROM anomalies WHERE id = (SELECT max(id) FROM anomalies)")
    #expect(try store.checkStored().status == .findings)
    #expect(try store.rows("SELECT session_id, line, rule, message FROM anomalies ORDER BY 1, 2, 3, 4") == stored)
    // With every change to anomalies refused, a check that finds what is stored still succeeds.
    try backend.refuseFindingChanges(store.location)
    let again = try store.checkStored()
    #expect(again.status == .findings, "\(again)")
    #expect(try store.rows("SELECT session_id, line, rule, message FROM anomalies ORDER BY 1, 2, 3, 4") == stored)
  }

  @Test("ingest --check stores the findings check --db stores", arguments: BackendUnderTest.all)
  func ingestCheckStoresFindings(_ backend: BackendUnderTest) throws {
    let checked = try ConformanceStore(backend)
    defer { checked.remove() }
    let reporter = CollectingReporter()
    #expect(try checked.ingest([Samples.directory], checkingTo: reporter).status == .findings)
    let expected = Samples.expected.flatMap { name, lines in lines.map { "\(name) \($0)" } }
    #expect(Set(reporter.findings.map { Self.describe($0) }) == Set(expected))
    let columns = "SELECT t.path, a.line, a.rule, a.severity, a.vc, a.class, a.message, a.hint, a.source"
    let anomalies = "\(columns) FROM anomalies a JOIN traces t ON t.id = a.trace_id ORDER BY 1, 2, 3, 7"
    let afterIngest = try checked.rows(anomalies)
    #expect(afterIngest.count == expected.count)
    _ = try checked.checkStored()
    #expect(try checked.rows(anomalies) == afterIngest)
    // Storing findings between sessions must not disturb each session's rows.
    #expect(
      try checked.count(
        "SELECT count(*) FROM sessions s WHERE events != (SELECT count(*) FROM events e WHERE e.session_id = s.id)")
        == 0)
  }

  @Test(
    "ingest stores a file while check --db replays; both finish, and the findings are stored",
    arguments: BackendUnderTest.all)
  func ingestDuringStoredCheck(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    // The generated trace comes first and holds more records than the check reads ahead, so the
    // check is still reading its snapshot when it pauses after the first session.
    var generated: [UInt8] = []
    _ = try TraceGenerator(settings: TraceGenerator.Settings(events: 40_000, sessions: 4, seed: 3, anomalyRate: 0))
      .write(to: { generated.append(contentsOf: $0) }, truth: { _ in })
    let first = try Fixture.write(generated, to: store.directory.file("a-generated.ndjson"))
    _ = try store.ingest([first, Samples.directory])
    let sessions = try store.count("SELECT count(*) FROM sessions")
    let late = try store.write(Self.twoSessions, as: "late.ndjson.gz")
    var ingestStatus: traceq.ExitStatus?
    var replayed = 0
    let outcome = try store.checkStored(onReplayed: { _ in
      replayed += 1
      // While the replay waits, another process's ingest runs to its end.
      if replayed == 1 { ingestStatus = try? Self.finishes(within: 60) { try store.ingest([late]).status } }
    })
    #expect(ingestStatus == .clean)
    #expect(outcome.status == .findings)
    #expect(outcome.tally.sessions == sessions)
    let expected = Samples.expected.values.reduce(0) { $0 + $1.count }
    #expect(try store.count("SELECT count(*) FROM anomalies") == expected)
    #expect(try store.count("SELECT count(*) FROM sessions") == sessions + 2)
  }

  @Test(
    "the documented views and queries give the rows of Golden/store-conformance.txt", arguments: BackendUnderTest.all)
  func documentedRows(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.ingest([Samples.directory])
    _ = try store.checkStored()
    var text = ""
    let queries =
      try Self.documentedViews().map { "SELECT * FROM \($0)" }
      + DocumentedQueryTests.questions(vc: "0xb2", session: 1).map(\.sql)
    for sql in queries {
      text += "> \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))\n"
      let rows = try store.rows(sql).map { row in row.map(Self.cell).joined(separator: " | ") }
      // Rows in a canonical order: a query without ORDER BY may give them in any.
      text += rows.sorted().map { $0 + "\n" }.joined()
    }
    let golden = GoldenReportTests.directory.appendingPathComponent("store-conformance.txt")
    if ProcessInfo.processInfo.environment["TRACEQ_UPDATE_GOLDEN"] == "1" {
      try text.write(to: golden, atomically: true, encoding: .utf8)
    }
    #expect(text == (try String(contentsOf: golden, encoding: .utf8)), "the rows changed; see \(golden.path)")
  }

  /// A value as the golden file has it: paths from the package root, and a JSON object (a
  /// record) with its keys sorted, as a backend may store it in another order or spacing.
  static func cell(_ value: StoredValue) -> String {
    guard let text = CellText.text(value) else { return "NULL" }
    if text.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
      let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    {
      return String(decoding: sorted, as: UTF8.self)
    }
    return text.replacingOccurrences(of: Samples.directory, with: "samples")
  }

  /// The views docs/schema.md documents.
  static func documentedViews() throws -> [String] {
    let document = try String(
      contentsOf: ArchitectureTests.root.appendingPathComponent("docs/schema.md"), encoding: .utf8)
    return document.matches(of: #/### `(\w+)` \(view\)/#).map { String($0.1) }
  }

  // MARK: Helpers

  /// Runs `body` on a thread of its own; its result once it returns, or an error when it has
  /// not returned after `seconds` (it waits for something it should not wait for).
  static func finishes<T: Sendable>(within seconds: Double, _ body: @escaping () throws -> T) throws -> T {
    let result = Locked<Result<T, Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let work = UncheckedBox(body)
    Thread {
      let outcome = Result { try work.value() }
      result.withLock { $0 = outcome }
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + seconds) == .success else { throw StillWaiting(seconds: seconds) }
    return try result.withLock { $0! }.get()
  }

  struct StillWaiting: Error { let seconds: Double }

  /// The stored findings as `file line rule`.
  static func storedFindings(_ store: ConformanceStore) throws -> [String] {
    try store.rows("SELECT t.path, a.line, a.rule FROM anomalies a JOIN traces t ON t.id = a.trace_id").map { row in
      row.map { CellText.text($0) ?? "" }.enumerated().map { $0 == 0 ? String($1.split(separator: "/").last!) : $1 }
        .joined(separator: " ")
    }
  }

  static func describe(_ reported: FileFinding) -> String {
    "\(reported.file.split(separator: "/").last!) \(reported.finding.line) \(reported.finding.ruleID)"
  }
}
