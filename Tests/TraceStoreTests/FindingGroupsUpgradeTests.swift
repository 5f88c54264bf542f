import GRDB
import TestSupport
import Testing

@testable import TraceStore

/// Schema v9's fleet views on a database written before them: its stored findings are grouped
/// once it is upgraded.
@Suite("Finding groups on upgrade")
struct FindingGroupsUpgradeTests {
  @Test("a v8 database upgrades: builds and finding_groups answer from its sessions and findings")
  func upgradesV8() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("v8.db")
    let old = try OldSchemaDatabase.build(
      at: path, upTo: "v8: controllers' appearance callback counts, the appearances view", events: 1
    ) { db in
      try db.execute(
        sql: """
          UPDATE sessions SET app = 'Fleet', build = '4.2', os = '17.0', idiom = 'pad';
          INSERT INTO anomalies (trace_id, session_id, line, rule, severity, vc, class, message, hint) VALUES
            (1, 1, 2, 'unbalanced-appearance', 'warning', '0xa1', 'Root', 'm', 'h'),
            (1, 1, 2, 'unbalanced-appearance', 'warning', '0xa1', 'Root', 'm', 'h');
          """)
    }
    try old.close()

    let upgraded = try SQLiteConnections.openForWriting(path: path)
    try upgraded.read { db in
      let group = try #require(try Row.fetchOne(db, sql: "SELECT * FROM finding_groups"))
      #expect(group["rule"] as String == "unbalanced-appearance" && group["class"] as String == "Root")
      #expect(group["findings"] as Int == 2 && group["sessions"] as Int == 1)
      #expect(group["first_build"] as String == "4.2" && group["os_versions"] as String == "17.0")
      #expect(try String.fetchOne(db, sql: "SELECT build FROM builds WHERE app = 'Fleet'") == "4.2")
    }
  }
}
