import GRDB
import TestSupport
import Testing

@testable import TraceStore

/// Schema v5's `session_classes`: filled from the controllers a v4 database holds when it is
/// upgraded, so that the `events` view's `class` filter answers as before.
@Suite("session_classes on upgrade")
struct SessionClassesUpgradeTests {
  @Test("a v4 database upgrades: each (class, session) once, and a class filter gives the rows it gave")
  func upgradesV4() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("v4.db")
    let old = try OldSchemaDatabase.build(at: path, upTo: "v4: anomalies.source", events: 4) { db in
      try db.execute(
        sql: """
          INSERT INTO controllers VALUES (1, 1, '0xa1', 'Cell', NULL), (2, 1, '0xa2', 'Cell', NULL),
            (3, 1, '0xb1', 'Root', NULL), (4, 1, '0xc1', NULL, NULL);
          INSERT INTO event_rows (id, session_id, line, ev_id, vc_id, record) VALUES
            (1, 1, 2, 14, 1, '{}'), (2, 1, 3, 14, 2, '{}'), (3, 1, 4, 15, 3, '{}'), (4, 1, 5, 15, 4, '{}');
          INSERT INTO session_events VALUES (14, 1, 2), (15, 1, 2);
          """)
    }
    let before = try old.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM events WHERE class = 'Cell'") }
    try old.close()

    let upgraded = try SQLiteConnections.openForWriting(path: path)
    try upgraded.read { db in
      let pairs = try Row.fetchAll(db, sql: "SELECT class, session_id FROM session_classes ORDER BY class").map {
        "\($0["class"] as String) \($0["session_id"] as Int64)"
      }
      #expect(pairs == ["Cell 1", "Root 1"])
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM events WHERE class = 'Cell'") == before)
      #expect(before == 2)
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM events WHERE class IS NULL") == 1)
    }
  }
}
