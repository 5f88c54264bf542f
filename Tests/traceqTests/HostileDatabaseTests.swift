import Foundation
import GRDB
import TestSupport
import Testing
import TraceModel

/// Whether this machine lets an unprivileged user namespace mount a read-only file system.
let canMountReadOnly: Bool = {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
  let result = try? shell("unshare -rm sh -c 'mkdir -p m && mount -t tmpfs tmpfs m'", in: NSTemporaryDirectory())
  return result?.status == 0
}()

@Suite("Hostile databases and queries")
struct HostileDatabaseTests {
  /// A directory with a database of 40 events in `d.db`.
  static func database() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(40)), to: directory.file("t.ndjson.gz"))
    let result = try CommandRunner(directory: directory.path).run(["ingest", "--db", "d.db", "t.ndjson.gz"])
    #expect(result.status == 0)
    return directory
  }

  @Test("an infinite recursive query ends at --timeout with a message")
  func timeout() throws {
    let directory = try Self.database()
    defer { directory.remove() }
    let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    let result = try CommandRunner(directory: directory.path).run(["query", "--db", "d.db", "--timeout", "1", sql])
    #expect(result.status == 1)
    #expect(result.error.contains("error: the query ran longer than 1 s and was stopped"), "\(result.error)")
  }

  @Test("a value over the size limit is refused with a message, in bounded memory")
  func valueLimit() throws {
    let directory = try Self.database()
    defer { directory.remove() }
    // This command's own peak (GNU time), not the largest of every child the test run started.
    guard
      let (result, bytes) = try CommandRunner(directory: directory.path).peakMemory(
        ["query", "--db", "d.db", "SELECT length(randomblob(900000000))"])
    else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 1)
    #expect(result.error.contains("over traceq query's limit of 32 MiB"), "\(result.error)")
    #expect(bytes < 400 << 20, "peak resident memory \(bytes >> 20) MB")
  }

  @Test(
    "SQL without a statement is an error, and a leading -- comment gets a hint",
    arguments: [
      (["query", "--db", "d.db", ""], "the SQL holds no statement"),
      (["query", "--db", "d.db", " ;\n "], "the SQL holds no statement"),
      (["query", "--db", "d.db", "--", "-- just a comment\n/* and another */"], "the SQL holds no statement"),
      (["query", "--db", "d.db", "-- the appearances\nSELECT 1"], "put -- before it: traceq query --"),
    ])
  func noStatement(arguments: [String], expected: String) throws {
    let directory = try Self.database()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(arguments)
    #expect(result.status == 2)
    #expect(result.error.contains(expected), "\(result.error)")
  }

  @Test("a database written by a newer traceq is refused, naming both schema versions, and left untouched")
  func newerSchema() throws {
    let directory = try Self.database()
    defer { directory.remove() }
    try DatabaseQueue(path: directory.file("d.db")).write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: directory.file("d.db")))
    let runner = CommandRunner(directory: directory.path)
    try Fixture.write(
      TraceText.lines([TraceText.header(os: "18.0")] + TraceText.events(3)), to: directory.file("u.ndjson.gz"))
    for arguments in [["ingest", "--db", "d.db", "u.ndjson.gz"], ["check", "--db", "d.db"]] {
      let result = try runner.run(arguments)
      #expect(result.status == 2)
      #expect(
        result.error.contains("written by a newer traceq (schema version 99; this traceq knows versions up to 11)"),
        "\(result.error)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("d.db"))) == before)
    #expect(try runner.run(["query", "--db", "d.db", "SELECT count(*) FROM traces"]).output == "count(*)\n1\n")
  }

  @Test("check --db that finds what it stored last time leaves the database as it was")
  func checkWritesNothingNew() throws {
    let directory = try Self.database()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let first = try runner.run(["check", "--db", "d.db"])
    let before = try Data(contentsOf: URL(fileURLWithPath: directory.file("d.db")))
    let again = try runner.run(["check", "--db", "d.db"])
    #expect(again.status == first.status && again.output == first.output, "\(again.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("d.db"))) == before)
  }

  @Test("a database on read-only media is queried and checked, with a note", .enabled(if: canMountReadOnly))
  func readOnlyMedia() throws {
    let directory = try Self.database()
    defer { directory.remove() }
    let script = """
      mkdir -p media && mount -t tmpfs tmpfs media && cp d.db media/ && mount -o remount,ro media &&
      "$TRACEQ" query --db media/d.db "SELECT count(*) FROM events" && "$TRACEQ" check --db media/d.db
      """
    let result = try shell("unshare -rm sh -c '\(script)'", in: directory.path)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("count(*)\n40\n"), "\(result.output)")
    #expect(
      result.error.contains(
        "note: media/d.db is read as an immutable file: its directory cannot be written, so SQLite cannot create"),
      "\(result.error)")
    #expect(result.error.contains("the findings are reported, not stored in anomalies"), "\(result.error)")
  }

  /// Runs `script` with /bin/sh as the unprivileged user `nobody` (root reads and writes any
  /// file whatever its mode), or returns nil where `setpriv` is missing.
  static func asNobody(_ script: String, in directory: String) throws -> CommandRunner.Result? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
    let command = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups /bin/sh -c '\(script)'"
    return try shell(command, in: directory)
  }

  @Test("a read-only database in a directory its reader cannot write is queried, checked and reported on, with a note")
  func readOnlyFiles() throws {
    let directory = try Self.database()
    defer { directory.remove() }
    let owned = try shell(
      "mkdir ro out && cp d.db ro/ && chmod 0444 ro/d.db && chmod 0555 ro && chmod 0777 out && chmod 0755 .",
      in: directory.path)
    #expect(owned.status == 0, "\(owned.error)")
    let script = """
      "$TRACEQ" query --db ro/d.db "SELECT count(*) FROM events" && "$TRACEQ" check --db ro/d.db &&
      "$TRACEQ" report --db ro/d.db -o out/report.html
      """
    guard let result = try Self.asNobody(script, in: directory.path) else {
      Issue.record("setpriv (util-linux) is needed to run traceq as an unprivileged user")
      return
    }
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("count(*)\n40\n"), "\(result.output)")
    #expect(!result.error.contains("error:"), "\(result.error)")
    #expect(FileManager.default.fileExists(atPath: directory.file("out/report.html")))
    #expect(
      result.error.contains(
        "note: ro/d.db is read as an immutable file: its directory cannot be written, so SQLite cannot create "
          + "d.db-wal and d.db-shm next to it"),
      "\(result.error)")
    #expect(result.error.contains("the findings are reported, not stored in anomalies"), "\(result.error)")
  }

  @Test("another program's SQLite database given to ingest is refused, with status 2, and left as it was")
  func foreignDatabase() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = directory.file("app.db")
    try DatabaseQueue(path: app).write { db in
      try db.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'a')")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: app))
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(3)), to: directory.file("t.ndjson.gz"))
    let runner = CommandRunner(directory: directory.path)
    for arguments in [["ingest", "--db", "app.db", "t.ndjson.gz"], ["check", "--db", "app.db"]] {
      let result = try runner.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.error)")
      #expect(
        result.error.contains("error: app.db is not a traceq database: it holds other tables (users)"),
        "\(result.error)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: app)) == before)
    #expect(!FileManager.default.fileExists(atPath: app + "-wal"))
    let mode = try DatabaseQueue(path: app).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    #expect(mode == "delete")
  }
}
