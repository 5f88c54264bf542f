import GRDB
import TestSupport
import Testing

@testable import TraceStore

/// Schema v8's appearance counts on a database written before them: counted from its events
/// when it is upgraded, so that `appearances` answers as the events do.
@Suite("Appearance counts on upgrade")
struct AppearanceCountsUpgradeTests {
  @Test("a v7 database upgrades: each controller's counts come from its events, zero without any")
  func upgradesV7() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("v7.db")
    // 14 viewWillAppear, 15 viewDidAppear, 16 viewWillDisappear, 17 viewDidDisappear, 24 push.
    let old = try OldSchemaDatabase.build(at: path, upTo: "v7: no controllers_by_class", events: 7) { db in
      try db.execute(
        sql: """
          INSERT INTO controllers VALUES (1, 1, '0xa1', 'Root', NULL), (2, 1, '0xb2', 'Detail', NULL),
            (3, 1, '0xc3', NULL, NULL);
          INSERT INTO event_rows (id, session_id, line, ev_id, vc_id, other_id, record, record_form) VALUES
            (1, 1, 2, 14, 1, NULL, '{}', 0), (2, 1, 3, 15, 1, NULL, '{}', 0), (3, 1, 4, 24, 2, 1, '{}', 0),
            (4, 1, 5, 16, 1, NULL, '{}', 0), (5, 1, 6, 15, 2, NULL, '{}', 0), (6, 1, 7, 15, 2, NULL, '{}', 0),
            (7, 1, 8, 17, 1, NULL, '{}', 0);
          INSERT INTO session_events VALUES (14, 1, 1), (15, 1, 3), (16, 1, 1), (17, 1, 1), (24, 1, 1);
          """)
    }
    try old.close()

    let upgraded = try SQLiteConnections.openForWriting(path: path)
    try upgraded.read { db in
      let counts = try Row.fetchAll(
        db, sql: "SELECT vc, will_appear, did_appear, will_disappear, did_disappear FROM appearances ORDER BY vc"
      ).map { row -> String in
        let values = [row["will_appear"], row["did_appear"], row["will_disappear"], row["did_disappear"]] as [Int]
        return "\(row["vc"] as String) " + values.map(String.init).joined(separator: " ")
      }
      #expect(counts == ["0xa1 1 1 1 1", "0xb2 0 2 0 0", "0xc3 0 0 0 0"])
      #expect(try String.fetchOne(db, sql: "SELECT DISTINCT file FROM appearances") == "t.ndjson")
    }
  }
}
