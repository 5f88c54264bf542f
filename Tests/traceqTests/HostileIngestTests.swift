import Foundation
import GRDB
import TestSupport
import Testing
import TraceModel

@testable import TraceStore
@testable import traceq

/// A file's items, then a read error after `failingAfter` of them (a disk that fails midway).
final class FailingSource: IngestItemSource {
  private let decoding: TraceDecoding
  private var left: Int

  init(path: String, failingAfter count: Int) throws {
    decoding = try TraceDecoding(path: path, rules: nil)
    left = count
  }

  func next() throws -> IngestItem? {
    left -= 1
    if left < 0 { throw TraceReadError.readFailed(path: decoding.path, reason: "Input/output error") }
    return try decoding.next()
  }

  var record: UnsafeRawBufferPointer { decoding.record }
  var end: DecodedTraceEnd? { decoding.end }
  var bytesRead: Int { decoding.bytesRead }
  func cancel() { decoding.cancel() }
}

@Suite("Hostile input to ingest")
struct HostileIngestTests {
  /// Two sessions with controllers and a popover; the second is long.
  static let twoSessions = TraceText.lines(
    [TraceText.header(idiom: "pad"), #"{"ev":"popoverCreate","popover":"P","vc":"0x1","class":"FailingPicker"}"#]
      + TraceText.events(10)
      + [TraceText.header(idiom: "pad"), #"{"ev":"popoverCreate","popover":"Q","vc":"0x2"}"#]
      + TraceText.events(3000, first: 100))

  @Test(
    "a read error midway leaves nothing of the file, in a new database as in an existing one", arguments: [true, false])
  func readErrorMidway(newDatabase: Bool) throws {
    var store = try StoreFixture()
    defer { store.directory.remove() }
    let good = try store.write(homepwner, as: "good.ndjson.gz")
    let failing = try store.write(Self.twoSessions, as: "failing.ndjson.gz")
    if !newDatabase { #expect(try store.ingest([good]).status == .clean) }
    let database = try IngestDatabase(path: store.database)
    #expect(database.isNew == newDatabase)
    #expect(throws: TraceReadError.self) {
      try database.store(
        try FailingSource(path: failing, failingAfter: 2000), as: TraceIngestion(path: failing, force: false))
    }
    if newDatabase {
      _ = try database.store(try TraceDecoding(path: good, rules: nil), as: TraceIngestion(path: good, force: false))
    }
    try database.finish()
    store.errors = []
    #expect(try store.count("SELECT count(*) FROM traces") == 1)
    #expect(try store.count("SELECT count(*) FROM traces WHERE sha256 LIKE 'pending-%'") == 0)
    #expect(try store.count("SELECT count(*) FROM sessions") == 1)
    #expect(try store.count("SELECT count(*) FROM popovers WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
    #expect(try store.count("SELECT count(*) FROM controllers WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
    #expect(try store.count("SELECT count(*) FROM event_rows WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
    #expect(try store.count("SELECT count(*) FROM event_rows") == 9)
    // session_classes lists the classes of the controllers left (the good file's navigation
    // controller, items controller and image picker), and only those.
    #expect(try store.count("SELECT count(*) FROM session_classes") == 3)
    #expect(
      try store.count(
        """
        SELECT count(*) FROM (SELECT class, session_id FROM session_classes
          EXCEPT SELECT class, session_id FROM controllers WHERE class IS NOT NULL)
        """) == 0)
  }

  @Test("bad lines past the first 1000 of a file are counted per kind, not stored one by one")
  func issueCap() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let lines =
      [TraceText.header()] + Array(repeating: "[]", count: 30_000) + Array(repeating: "{\"ev\":7}", count: 500)
    let path = try store.write(TraceText.lines(lines), as: "bad.ndjson.gz")
    #expect(try store.ingest([path]).status == .findings)
    #expect(try store.count("SELECT errors FROM traces") == 30_500)
    #expect(try store.count("SELECT count(*) FROM ingest_errors") == 1002)
    let counted = try store.rows(
      "SELECT kind, line, message FROM ingest_errors WHERE message LIKE '% more %' ORDER BY line")
    #expect(counted.map { $0["kind"] as String } == ["invalid-json", "wrong-type"])
    #expect(counted.map { $0["line"] as Int } == [1002, 30_002])
    #expect(
      (counted.first?["message"] as String?)?.hasPrefix("29000 more invalid-json issues from line 1002 on") == true)
    let size = try FileManager.default.attributesOfItem(atPath: store.database)[.size] as? Int ?? 0
    #expect(size < 3 << 20, "\(size) bytes")
  }

  @Test("a file whose checksum fails is stored marked corrupt, with the sessions it reaches")
  func corruptFile() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let first = TraceText.lines([TraceText.header()] + TraceText.events(5))
    var second = try Fixture.bytes(TraceText.lines([TraceText.header()] + TraceText.events(5, first: 10)))
    second[second.count - 8] ^= 0xFF
    let damaged = try Fixture.write(try Fixture.multiMember([first]) + second, to: store.directory.file("d.ndjson.gz"))
    let intact = try store.write(first, as: "i.ndjson.gz")
    #expect(try store.ingest([damaged, intact]).status == .findings)
    #expect(try store.count("SELECT corrupt FROM traces WHERE path LIKE '%d.ndjson.gz'") == 1)
    #expect(try store.count("SELECT corrupt FROM traces WHERE path LIKE '%i.ndjson.gz'") == 0)
    let sessions = try store.rows(
      "SELECT s.ordinal, s.corrupt FROM sessions s JOIN traces t ON t.id = s.trace_id WHERE t.corrupt")
    #expect(sessions.map { [$0["ordinal"] as Int, $0["corrupt"] as Int] } == [[1, 0], [2, 1]])
    let check = try CommandRunner(directory: store.directory.path).run(["check", "--db", "traces.db"])
    #expect(check.status == 1)
    #expect(check.output.contains("d.ndjson.gz:7: error: the gzip checksum does not match"), "\(check.output)")
  }

  @Test("distinct unknown event names past 1000 in a file share one name, with a warning")
  func unknownNameCap() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let names = (0..<1500).map { "{\"ev\":\"custom\($0)\",\"vc\":\"0x1\"}" }
    let path = try store.write(TraceText.lines([TraceText.header()] + names), as: "names.ndjson.gz")
    let result = try store.ingest([path])
    #expect(
      result.errors.contains { $0.contains("[too-many-names]") && $0.contains(":1002: warning:") }, "\(result.errors)")
    #expect(try store.count("SELECT count(*) FROM event_names WHERE name LIKE 'custom%'") == 1000)
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = '(other unknown event)'") == 500)
    #expect(
      try store.count("SELECT count(*) FROM events WHERE json_extract(record, '$.ev') = 'custom1499'") == 1)
  }
}
