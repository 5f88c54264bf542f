import Foundation
import GRDB

/// A new database built fast: under a temporary name no other process opens
/// (`traces.db.building`, held with `flock`), with SQLite's rollback journal off, large pages
/// and exclusive locking; then switched to WAL and linked into place. A process that wants the
/// same new database waits for the lock and then appends to the finished one.
///
/// Without a journal nothing can be rolled back: a file that fails midway makes the whole
/// build be abandoned, so that nothing half-stored is ever published.
final class BulkLoad {
  let path: String
  let buildingPath: String
  let queue: DatabaseQueue
  /// Set when a file that failed midway had its rows deleted: ``finish()`` then gives the
  /// space they took back (VACUUM).
  var hasDeletedRows = false
  private let lock: Int32

  /// Takes the right to build the database at `path`; nil when it exists already (or another
  /// process finished building it while this one waited): then append to it. `onWaiting` is
  /// called when another build holds the lock, just before this one blocks on it (tests use it
  /// to know the wait has begun).
  static func begin(path: String, onWaiting: () -> Void = {}) throws -> BulkLoad? {
    if FileManager.default.fileExists(atPath: path) { return nil }
    let buildingPath = path + ".building"
    let lock = open(buildingPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard lock >= 0 else { throw StoreError.cannotOpen(location: path, reason: String(cString: strerror(errno))) }
    if flock(lock, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK { onWaiting() }
    guard flock(lock, LOCK_EX) == 0 else {
      let reason = String(cString: strerror(errno))
      close(lock)
      throw StoreError.cannotOpen(location: path, reason: reason)
    }
    if FileManager.default.fileExists(atPath: path) {
      // Another process built it while this one waited; the file this one created is spare.
      if isSameFile(lock, buildingPath) { unlink(buildingPath) }
      close(lock)
      return nil
    }
    ftruncate(lock, 0)  // what a killed build left behind
    for suffix in ["-wal", "-shm", "-journal"] { unlink(buildingPath + suffix) }
    do {
      return BulkLoad(path: path, buildingPath: buildingPath, queue: try openBuilding(buildingPath), lock: lock)
    } catch {
      unlink(buildingPath)
      close(lock)
      throw StoreError.cannotOpen(location: path, reason: StoreError.reason(error))
    }
  }

  private init(path: String, buildingPath: String, queue: DatabaseQueue, lock: Int32) {
    self.path = path
    self.buildingPath = buildingPath
    self.queue = queue
    self.lock = lock
  }

  /// Switches the finished database to WAL (as every traceq database is), closes it and
  /// publishes it under its name.
  func finish() throws {
    defer { close(lock) }
    do {
      try queue.writeWithoutTransaction { db in
        if hasDeletedRows { try db.execute(sql: "VACUUM") }
        try db.execute(sql: StoreSchema.sessionClassesOnInsert)
        try db.execute(sql: "PRAGMA locking_mode = NORMAL")
        _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      }
      try queue.close()
    } catch {
      discardFiles()
      throw StoreError.buildFailed(location: path, reason: StoreError.reason(error))
    }
    guard link(buildingPath, path) == 0 else {
      let reason =
        errno == EEXIST ? "another program created it while it was being built" : String(cString: strerror(errno))
      discardFiles()
      throw StoreError.buildFailed(location: path, reason: reason)
    }
    unlink(buildingPath)
  }

  /// Gives the build up: nothing of it is published.
  func abandon() {
    try? queue.close()
    discardFiles()
    close(lock)
  }

  private func discardFiles() {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(buildingPath + suffix) }
  }

  /// The building database: 64 KiB pages (fewer, fuller pages for a table clustered by
  /// session), no rollback journal, no syncs, exclusive locking; the schema migrated, without
  /// the trigger that fills `session_classes` one controller at a time (no other writer can
  /// open this file, and the row writer lists each session's classes itself): ``finish()``
  /// creates it again.
  private static func openBuilding(_ path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA page_size = 65536")
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = OFF")
      try db.execute(sql: "PRAGMA synchronous = OFF; PRAGMA cache_size = -8192; PRAGMA locking_mode = EXCLUSIVE")
    }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try StoreSchema.migrator.migrate(queue)
    try queue.write { try $0.execute(sql: "DROP TRIGGER session_classes_on_insert") }
    return queue
  }

  private static func isSameFile(_ descriptor: Int32, _ path: String) -> Bool {
    var opened = stat()
    var named = stat()
    return fstat(descriptor, &opened) == 0 && stat(path, &named) == 0 && opened.st_ino == named.st_ino
      && opened.st_dev == named.st_dev
  }
}
