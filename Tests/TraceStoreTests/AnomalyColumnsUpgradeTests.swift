import GRDB
import TestSupport
import Testing

@testable import TraceStore

/// Schema v10's columns of `anomalies` (the app's controller, the deciding line, a crash report's
/// app frame) on a database written before them: its rows are kept, the new columns NULL.
@Suite("Anomaly columns on upgrade")
struct AnomalyColumnsUpgradeTests {
  @Test("a v9 database upgrades: its findings keep their values and groups, the app's controller is NULL")
  func upgradesV9() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("v9.db")
    let old = try OldSchemaDatabase.build(
      at: path, upTo: "v9: the builds, finding_fingerprints and finding_groups views", events: 2
    ) { db in
      try db.execute(
        sql: """
          INSERT INTO anomalies (trace_id, session_id, line, rule, severity, vc, class, message, hint, source)
            VALUES (1, 1, 2, 'popover-on-phone', 'error', '0xe5', 'UIImagePickerController', 'm', 'h', 'replay');
          """)
    }
    try old.close()

    let upgraded = try SQLiteConnections.openForWriting(path: path)
    try upgraded.write { db in
      let row = try #require(
        try Row.fetchOne(db, sql: "SELECT line, class, app_vc, app_class, decided_line, frame FROM anomalies"))
      #expect(row["line"] as Int == 2 && row["class"] as String == "UIImagePickerController")
      #expect(
        (row["app_vc"] as String?) == nil && (row["app_class"] as String?) == nil
          && (row["decided_line"] as Int?) == nil && (row["frame"] as String?) == nil)
      #expect(try String.fetchAll(db, sql: "SELECT class FROM finding_groups") == ["UIImagePickerController"])
      try db.execute(sql: "UPDATE anomalies SET app_class = 'BNRDetailViewController'")
      #expect(try String.fetchAll(db, sql: "SELECT class FROM finding_groups") == ["BNRDetailViewController"])
    }
  }
}
