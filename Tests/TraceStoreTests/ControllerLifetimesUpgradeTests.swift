import GRDB
import TestSupport
import Testing

@testable import TraceStore

/// Schema v11 on a database written before it: each stored controller stays one lifetime, its
/// lines read from its events, and the views and triggers that read `controllers` still answer.
@Suite("Controller lifetimes on upgrade")
struct ControllerLifetimesUpgradeTests {
  @Test("a v10 database upgrades: lines from the events, nothing lost, an address may then repeat")
  func upgradesV10() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("v10.db")
    let old = try OldSchemaDatabase.build(
      at: path, upTo: "v10: the app's controller of a finding, its deciding line and frame", events: 4
    ) { db in
      try db.execute(sql: OlderControllerRows.sql)
    }
    try old.close()

    let upgraded = try SQLiteConnections.openForWriting(path: path)
    try upgraded.write { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT vc, class, kind, did_appear, first_line, last_line FROM appearances ORDER BY vc"
      ).map { row in
        [row["vc"], row["class"], row["kind"], row["did_appear"], row["first_line"], row["last_line"]]
          .map { ($0 as DatabaseValue).isNull ? "NULL" : "\($0 as DatabaseValue)" }.joined(separator: " ")
      }
      #expect(
        rows == [
          "\"0xa1\" \"Nav\" \"navigation\" 0 2 5", "\"0xb2\" \"Detail\" NULL 1 2 5", "\"0xc3\" NULL NULL 0 NULL NULL",
        ])
      #expect(try String.fetchAll(db, sql: "SELECT DISTINCT class FROM events ORDER BY 1") == ["Detail"])
      #expect(
        try String.fetchAll(db, sql: "SELECT class FROM session_classes ORDER BY class") == ["Detail", "Nav"])
      // A second lifetime of an address, and the triggers that keep session_classes.
      try db.execute(
        sql:
          "INSERT INTO controllers (id, session_id, address, class, first_line, last_line) VALUES (4, 1, '0xb2', 'Other', 6, 6)"
      )
      #expect(
        try String.fetchAll(db, sql: "SELECT class FROM session_classes ORDER BY class") == ["Detail", "Nav", "Other"])
      try db.execute(sql: "DELETE FROM controllers WHERE id = 4")
      #expect(try String.fetchAll(db, sql: "SELECT class FROM session_classes ORDER BY class") == ["Detail", "Nav"])
    }
  }
}
