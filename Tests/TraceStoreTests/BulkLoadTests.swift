import Foundation
import GRDB
import TestSupport
import Testing

@testable import TraceStore

@Suite("Building a new database")
struct BulkLoadTests {
  @Test("a new database is built under a temporary name and published whole, in WAL mode")
  func publishes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("new.db")
    let bulk = try #require(try BulkLoad.begin(path: path))
    #expect(FileManager.default.fileExists(atPath: path + ".building"))
    #expect(!FileManager.default.fileExists(atPath: path))
    try bulk.queue.write { try $0.execute(sql: "INSERT INTO event_names (name) VALUES ('custom')") }
    try bulk.finish()
    #expect(!FileManager.default.fileExists(atPath: path + ".building"))
    let mode = try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
    #expect(
      try DatabaseQueue(path: path).read {
        try Int.fetchOne($0, sql: "SELECT count(*) FROM event_names WHERE name = 'custom'")
      } == 1)
    #expect(try BulkLoad.begin(path: path) == nil, "an existing database is appended to")
  }

  @Test("an abandoned build leaves nothing behind")
  func abandons() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("new.db")
    let bulk = try #require(try BulkLoad.begin(path: path))
    try bulk.queue.write { try $0.execute(sql: "INSERT INTO event_names (name) VALUES ('custom')") }
    bulk.abandon()
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left.isEmpty, "\(left)")
  }

  @Test("a build killed midway is started again from scratch")
  func staleBuild() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("new.db")
    try Data("half a database from a killed process".utf8).write(to: URL(fileURLWithPath: path + ".building"))
    let bulk = try #require(try BulkLoad.begin(path: path))
    try bulk.finish()
    #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM traces") } == 0)
  }

  @Test("a process that wants the same new database waits, then appends to the finished one")
  func waitsForTheBuilder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("new.db")
    let builder = try #require(try BulkLoad.begin(path: path))
    let waiting = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let appended = Outcome()
    // A thread of its own, not a task: this test blocks on the semaphore, and a task could be
    // waiting for the very pool thread it blocks.
    let waiter = Thread {
      do {
        appended.value = try BulkLoad.begin(path: path, onWaiting: { waiting.signal() }) == nil
      } catch {
        appended.value = false
      }
      done.signal()
    }
    waiter.start()
    // The waiter found the lock held and is about to block on it.
    #expect(waiting.wait(timeout: .now() + 60) == .success, "the second begin did not wait for the lock")
    try builder.finish()
    #expect(done.wait(timeout: .now() + 60) == .success, "the second begin never returned")
    #expect(appended.value == true, "the second begin should find the finished database and append to it")
  }

  /// What the waiting thread saw, read once it signalled.
  private final class Outcome: @unchecked Sendable {
    var value: Bool?
  }
}
