import Foundation
import GRDB

/// Opens connections to the SQLite database traceq stores traces in.
enum SQLiteConnections {
  /// How long a writer waits for another process's transaction (one trace file) to finish.
  static let busyTimeout: TimeInterval = 600

  /// A connection that writes: WAL (readers keep working while a trace is stored), a busy
  /// timeout so that concurrent `traceq ingest` runs take turns, the schema migrated. The
  /// database is refused, untouched, when it is another program's or a newer traceq's: the one
  /// connection looks before anything is written (WAL mode included), in one read.
  static func openForWriting(path: String) throws -> DatabaseQueue {
    try refuseIfNotRegularFile(path)
    var configuration = Configuration()
    // Not `.wal`: GRDB's WAL set-up writes (a table made and dropped whenever the WAL file is
    // missing, as after every clean close) before the checks below could refuse the file.
    configuration.journalMode = .default
    configuration.busyMode = .timeout(busyTimeout)
    // Relationships are declared for documentation; enforcing them on every event row would
    // slow bulk loads, and traceq writes each trace in one consistent transaction.
    configuration.foreignKeysEnabled = false
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -8192")
    }
    let queue: DatabaseQueue
    let migrated: Bool
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      migrated = try queue.inDatabase { db in
        let applied = try appliedMigrations(db, path: path)
        try enterWALMode(db, path: path)
        return StoreSchema.migrator.migrations.allSatisfy(applied.contains)
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw StoreError.cannotOpen(location: path, reason: StoreError.reason(error))
    }
    if !migrated { try migrate(queue, path: path) }
    return queue
  }

  /// A connection that can only read: SQLite refuses any statement that would write. A WAL
  /// database whose shared-memory index cannot be created or written (read-only media, a
  /// read-only directory, another user's files) is opened as immutable instead, and `note`
  /// says why (``immutableNote(_:)``).
  static func openReadOnly(path: String, note: (String) -> Void) throws -> DatabaseQueue {
    guard FileManager.default.fileExists(atPath: path) else { throw StoreError.missing(location: path) }
    try refuseIfNotRegularFile(path)
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(busyTimeout)
    func open(_ name: String) throws -> DatabaseQueue {
      let queue = try DatabaseQueue(path: name, configuration: configuration)
      _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
      return queue
    }
    do {
      do {
        return try open(path)
      } catch let error as DatabaseError
        where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY
      {
        let immutable = try open(immutableURI(path))
        note(immutableNote(path))
        return immutable
      }
    } catch {
      throw StoreError.cannotOpen(location: path, reason: StoreError.reason(error))
    }
  }

  /// Throws ``StoreError/notARegularFile(location:kind:)`` when `path` (followed if a symbolic
  /// link) is a FIFO, a directory, a device or a socket: SQLite would wait on a FIFO forever.
  /// Nothing at `path` is fine: a new database is made there.
  private static func refuseIfNotRegularFile(_ path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFIFO: kind = "a FIFO (named pipe)"
    case S_IFDIR: kind = "a directory"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a file"
    }
    throw StoreError.notARegularFile(location: path, kind: kind)
  }

  /// Why the database at `path` is read as an immutable file, and what that means.
  private static func immutableNote(_ path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    let why =
      access(directory, W_OK) != 0
      ? "its directory cannot be written, so SQLite cannot create \(name)-wal and \(name)-shm next to it"
      : "SQLite cannot open \(name)-shm, its shared-memory index, for writing (read-only media, or another user's file)"
    var text = "note: \(path) is read as an immutable file: \(why); changes another process makes are not seen"
    var pending = stat()
    if stat(path + "-wal", &pending) == 0, pending.st_size > 0 {
      text += "; the \(pending.st_size) bytes of changes waiting in \(name)-wal are not read"
    }
    return text
  }

  /// The migrations applied to the database at `path`, read from `db` before anything is
  /// written to it.
  /// - Throws: ``StoreError/notATraceqDatabase(location:tables:)`` when it has tables of its own
  ///   and none of traceq's (an app's database given to `--db` by mistake);
  ///   ``StoreError/newerSchema(location:found:known:)`` when a newer traceq created tables this
  ///   one does not know: writing to it could break what the newer one relies on.
  private static func appliedMigrations(_ db: Database, path: String) throws -> Set<String> {
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    let applied = tables.contains("grdb_migrations") ? try StoreSchema.migrator.appliedIdentifiers(db) : []
    let known = StoreSchema.migrator.migrations
    if !tables.isEmpty, !applied.contains(known[0]) {
      throw StoreError.notATraceqDatabase(location: path, tables: tables)
    }
    if let unknown = applied.filter({ !known.contains($0) }).max(by: { version($0) < version($1) }) {
      throw StoreError.newerSchema(location: path, found: version(unknown), known: known.map(version).max() ?? 0)
    }
    return applied
  }

  /// Puts the database in WAL mode (a no-op when it is, as every traceq database is once made).
  private static func enterWALMode(_ db: Database, path: String) throws {
    guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
      throw DatabaseError(message: "could not activate WAL Mode at path: \(path)")
    }
  }

  /// An SQLite URI that opens `path` as immutable: no locks, no WAL index, nothing written.
  private static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for character in path.unicodeScalars {
      switch character {
      case "%", "?", "#": escaped += String(format: "%%%02X", character.value)
      default: escaped.unicodeScalars.append(character)
      }
    }
    return "file:\(escaped)?immutable=1"
  }

  /// The number of a migration named `vN: …`.
  private static func version(_ identifier: String) -> Int {
    Int(identifier.dropFirst().prefix { $0.isNumber }) ?? 0
  }

  /// Applies the migrations. Two processes creating the same new database race here: the
  /// loser's migration fails (busy, or "table already exists") and is rolled back; it then
  /// finds the winner's schema complete.
  private static func migrate(_ queue: DatabaseQueue, path: String) throws {
    let migrator = StoreSchema.migrator
    var attempts = 0
    while true {
      do {
        try migrator.migrate(queue)
        return
      } catch {
        attempts += 1
        if (try? queue.read(migrator.hasCompletedMigrations)) == true { return }
        guard attempts < 50, error is DatabaseError else {
          throw StoreError.cannotOpen(location: path, reason: StoreError.reason(error))
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
  }
}

extension StoreError {
  /// SQLite's own message for a GRDB error, without GRDB's decoration.
  static func reason(_ error: Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
    return "\(error)"
  }
}
