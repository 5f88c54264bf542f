import GRDB
import TestSupport
import Testing
import TraceGenerator

@testable import TraceStore
@testable import traceq

/// `session_classes` lists each (class, session) of `controllers` once. A new database is built
/// without the per-row trigger (the writer lists each session's classes itself); the finished
/// database has the trigger again, for appends and for any other writer.
@Suite("session_classes when storing")
struct SessionClassesTests {
  private static let pairsSQL = "SELECT class || ' ' || session_id FROM session_classes ORDER BY 1"
  private static let expectedSQL =
    "SELECT DISTINCT class || ' ' || session_id FROM controllers WHERE class IS NOT NULL ORDER BY 1"

  private func strings(_ database: String, _ sql: String) throws -> [String] {
    try DatabaseQueue(path: database).read { try String.fetchAll($0, sql: sql) }
  }

  @Test("a new database and the traces appended to it list each controller class of each session once")
  func builtAndAppended() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let built = try store.ingestGenerated(TraceGenerator.Settings(events: 6_000, sessions: 3, seed: 3))
    #expect(built.status == .clean)
    let afterBuild = try strings(store.database, Self.pairsSQL)
    #expect(afterBuild.count > 10)
    #expect(afterBuild == (try strings(store.database, Self.expectedSQL)))

    var bytes: [UInt8] = []
    _ = try TraceGenerator(settings: TraceGenerator.Settings(events: 4_000, sessions: 2, seed: 4)).write(
      to: { bytes.append(contentsOf: $0) }, truth: { _ in })
    #expect(try store.ingest([try Fixture.write(bytes, to: store.directory.file("second.ndjson"))]).status == .clean)
    let afterAppend = try strings(store.database, Self.pairsSQL)
    #expect(afterAppend.count > afterBuild.count)
    #expect(afterAppend == (try strings(store.database, Self.expectedSQL)))
  }

  @Test("the finished database has the insert trigger as the schema creates it, and it works")
  func triggerRestored() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 2_000, sessions: 1, seed: 5))
    let triggerSQL = "SELECT sql FROM sqlite_master WHERE name = 'session_classes_on_insert'"
    let migrated = store.directory.file("migrated.db")
    try SQLiteConnections.openForWriting(path: migrated).close()
    #expect(try strings(store.database, triggerSQL) == (try strings(migrated, triggerSQL)))
    #expect(try strings(store.database, triggerSQL).count == 1)
    // Another writer's controller row reaches session_classes through the trigger.
    try DatabaseQueue(path: store.database).write { db in
      try db.execute(sql: "INSERT INTO controllers (session_id, address, class) VALUES (1, '0xfeed', 'WrittenByHand')")
    }
    #expect(try strings(store.database, Self.pairsSQL).contains("WrittenByHand 1"))
  }
}
