import GRDB
import TestSupport
import Testing

@testable import TraceStore

/// Schema v6's `record_form`: the rows a v5 database holds keep their whole line (form 1, the
/// column's default), so the `events` view and the stored-session replay read them as before.
@Suite("record_form on upgrade")
struct RecordFormUpgradeTests {
  static let lines = [
    #"{"t":0.5,"ev":"viewDidAppear","vc":"0xa1","animated":true,"thread":"main"}"#,
    #"{"t":1.25,"ev":"push","nav":"0xa1","vc":"0xa2","class":"Detail"}"#,
    #"{"t":2,"ev":"windowMask","mask":["portrait"]}"#,
  ]

  @Test("a v5 database upgrades: its rows keep their lines, and the view answers with the same rows")
  func upgradesV5() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("v5.db")
    let old = try OldSchemaDatabase.build(
      at: path, upTo: "v5: session_classes, the events view's class filter through it", events: 3
    ) { db in
      try db.execute(
        sql: """
          INSERT INTO controllers VALUES (1, 1, '0xa1', 'Nav', 'navigation'), (2, 1, '0xa2', 'Detail', NULL);
          INSERT INTO session_events VALUES (2, 1, 1), (15, 1, 1), (24, 1, 1);
          """)
      let columns = "(id, session_id, line, t, ev_id, vc_id, other_id, mask, animated, record)"
      try db.execute(
        sql: "INSERT INTO event_rows \(columns) VALUES (1, 1, 2, 0.5, 15, 1, NULL, NULL, 1, ?)",
        arguments: [Self.lines[0]])
      try db.execute(
        sql: "INSERT INTO event_rows \(columns) VALUES (2, 1, 3, 1.25, 24, 2, 1, NULL, NULL, ?)",
        arguments: [Self.lines[1]])
      try db.execute(
        sql: "INSERT INTO event_rows \(columns) VALUES (3, 1, 4, 2, 2, NULL, NULL, 2, NULL, ?)",
        arguments: [Self.lines[2]])
    }
    let query = "SELECT line, t, ev, vc, class, other, mask, animated, record FROM events ORDER BY line"
    let before = try old.read { try Row.fetchAll($0, sql: query) }
    try old.close()
    #expect(before.count == 3)

    let upgraded = try SQLiteConnections.openForWriting(path: path)
    let (rows, whole, records, thread) = try upgraded.read { db in
      (
        try Row.fetchAll(db, sql: query),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM event_rows WHERE record_form = 1"),
        try String.fetchAll(db, sql: "SELECT record FROM events ORDER BY line"),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM events WHERE json_extract(record, '$.thread') = 'main'")
      )
    }
    #expect(rows == before)
    #expect(whole == 3)
    #expect(records == Self.lines)
    #expect(thread == 1)
    try upgraded.close()

    var replayed: [String] = []
    try TraceStores.sqlite(at: path).readSessions(note: { _ in }) { sessions in
      for session in try sessions.sessions() {
        try sessions.forEachRecord(of: session) { replayed.append(String(decoding: $0.bytes, as: UTF8.self)) }
      }
    }
    #expect(replayed == Self.lines)
  }
}
