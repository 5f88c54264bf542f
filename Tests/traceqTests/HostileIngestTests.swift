import Foundation
import GRDB
import TestSupport
import Testing
import TraceModel

@testable import TraceStore
@testable import traceq

@Suite("Hostile input to ingest")
struct HostileIngestTests {
  @Test(
    "a file rejected after an issue (a line too long, then no header) leaves nothing, new database or not",
    arguments: [true, false])
  func rejectedAfterAnIssue(newDatabase: Bool) throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    if !newDatabase { #expect(try store.ingest([try store.write(homepwner, as: "good.ndjson.gz")]).status == .clean) }
    let rejected = try store.write(String(repeating: "x", count: 2 << 20) + "\nhello world\n", as: "rejected.log.gz")
    let result = try store.ingest([rejected])
    #expect(result.status == .unusable)
    #expect(result.errors.contains { $0.contains("[line-too-long]") }, "\(result.errors)")
    #expect(result.errors.contains { $0.contains("[missing-header]") }, "\(result.errors)")
    #expect(try store.count("SELECT count(*) FROM traces") == (newDatabase ? 0 : 1))
    #expect(try store.count("SELECT count(*) FROM ingest_errors") == 0)
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
