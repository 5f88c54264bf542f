import Foundation
import GRDB
import TestSupport
import Testing
import TraceModel

@testable import TraceStore

/// `event_names`: known and unknown names in disjoint id ranges, looked up by text, so that
/// databases written by older releases keep meaning what they meant.
@Suite("Event names")
struct EventNameTests {
  /// A database as the first release left it: its migration steps (v1, v2), and unknown names
  /// stored as its writer stored them, appended after the known ones with SQLite's next rowid.
  static func firstReleaseDatabase(at path: String, unknownNames: [String]) throws {
    let queue = try DatabaseQueue(path: path)
    try StoreSchema.migrator.migrate(queue, upTo: "v2: anomalies")
    try queue.write { db in
      for name in unknownNames {
        try db.execute(sql: "INSERT OR IGNORE INTO event_names (name) VALUES (?)", arguments: [name])
      }
    }
  }

  @Test("a name an older release stored as unknown keeps its id when a later release knows it")
  func olderUnknownNameKeepsItsID() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("old.db")
    // An older release met `dealloc` before it knew it: stored after the known names.
    try Self.firstReleaseDatabase(at: path, unknownNames: ["dealloc", "appSpecific"])
    let before = try DatabaseQueue(path: path).read { db in
      try Int64.fetchOne(db, sql: "SELECT id FROM event_names WHERE name = 'dealloc'")
    }
    let queue = try SQLiteConnections.openForWriting(path: path)
    // Opening a writer resolves every known name, storing the ones the database lacks.
    try queue.write { db in _ = try TraceRowWriter(db) }
    let after = try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT id, name FROM event_names ORDER BY id").map {
        (id: $0["id"] as Int64, name: $0["name"] as String)
      }
    }
    // Each name once, `dealloc` with the id the older release gave it, every known name stored.
    #expect(Set(after.map(\.name)).count == after.count)
    #expect(after.first { $0.name == "dealloc" }?.id == before)
    #expect(Set(EventName.allCases.map(\.name)).isSubset(of: Set(after.map(\.name))))
    #expect(after.allSatisfy { $0.id < EventNameIDs.unknownBase }, "nothing new was unknown")
  }
}
