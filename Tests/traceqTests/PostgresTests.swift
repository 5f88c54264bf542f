import Foundation
import TestSupport
import Testing
import TraceIngest
import TraceStore
import TraceStorePostgres

@testable import traceq

/// The PostgreSQL backend as a user meets it: its URL and libpq's variables, the password kept
/// out of every message, the commands on a server, and runners storing at once. The tests that
/// need a server are skipped without `$TRACEQ_TEST_POSTGRES` (the store conformance suite runs
/// the rest of what a backend must do).
@Suite("PostgreSQL")
struct PostgresTests {
  @Test("a server is given when one is required (CI), else the tests that need one say why they are skipped")
  func serverGiven() {
    if TestPostgres.isRequired {
      #expect(TestPostgres.url != nil, "TRACEQ_REQUIRE_POSTGRES is set but \(TestPostgres.skipped)")
    } else if TestPostgres.url == nil {
      print("PostgreSQL tests skipped: \(TestPostgres.skipped)")
    }
  }

  @Test("a URL is read as libpq reads it, with PG variables for what it leaves out")
  func locations() throws {
    let full = try PostgresLocation(
      url: "postgresql://ci:s3cret@db.example:6543/fleet?sslmode=require", environment: ["PGPASSWORD": "other"])
    #expect(full.host == "db.example" && full.port == 6543 && full.user == "ci" && full.database == "fleet")
    #expect(full.password == "s3cret" && full.sslMode == .require && !full.isSocket)
    #expect(full.description == "postgres://ci@db.example:6543/fleet")

    let environment = [
      "PGHOST": "/run/pg dir", "PGPORT": "5433", "PGUSER": "runner", "PGPASSWORD": "pw", "PGDATABASE": "traces",
      "PGSSLMODE": "disable",
    ]
    let fromEnvironment = try PostgresLocation(url: "postgres://", environment: environment)
    #expect(fromEnvironment.isSocket && fromEnvironment.socketPath == "/run/pg dir/.s.PGSQL.5433")
    #expect(fromEnvironment.user == "runner" && fromEnvironment.password == "pw")
    #expect(fromEnvironment.database == "traces" && fromEnvironment.sslMode == .disable)

    let socket = try PostgresLocation(url: "postgres://me@%2Ftmp%2Fpg/db?port=5999", environment: ["USER": "me"])
    #expect(socket.socketPath == "/tmp/pg/.s.PGSQL.5999" && socket.database == "db")
    let defaults = try PostgresLocation(url: "postgres:///", environment: ["USER": "alice"])
    #expect(defaults.host == "/var/run/postgresql" && defaults.port == 5432)
    #expect(defaults.user == "alice" && defaults.database == "alice" && defaults.sslMode == .prefer)
    #expect(try PostgresLocation(url: "postgres://[::1]:7/x", environment: [:]).host == "::1")

    #expect(throws: PostgresLocation.Invalid.self) { try PostgresLocation(url: "postgres://h:port/x") }
    #expect(throws: PostgresLocation.Invalid.self) { try PostgresLocation(url: "postgres://h/x?sslmode=always") }
  }

  @Test("the password appears in no message, whether the URL, a parameter or PGPASSWORD gives it")
  func passwordNeverShown() throws {
    let secret = "hunter2-\(UUID().uuidString.prefix(8))"
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(10)), to: directory.file("t.ndjson.gz"))
    // Nothing listens on port 9 of loopback: every command fails to connect and says so.
    let urls = [
      "postgres://ci:\(secret)@127.0.0.1:9/fleet", "postgresql://ci@127.0.0.1:9/fleet?password=\(secret)",
      "postgres://ci:\(secret)@127.0.0.1:notaport/fleet", "postgres://ci:\(secret)@127.0.0.1:9/fleet?sslmode=bad",
    ]
    var runner = CommandRunner(directory: directory.path)
    runner.environment["PGPASSWORD"] = secret
    for url in urls + ["postgres://ci@127.0.0.1:9/fleet"] {
      for arguments in [
        ["ingest", "--db", url, "t.ndjson.gz"], ["query", "--db", url, "SELECT 1"], ["check", "--db", url],
        ["query", "--db", url, "--schema"],
      ] {
        let result = try runner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error.contains("postgres"), "\(arguments) does not name the database: \(result.error)")
        #expect(!(result.output + result.error).contains(secret), "\(arguments) shows the password")
      }
    }
    #expect(PostgresStore(url: "postgres://u:\(secret)@h:x/d", environment: [:]).location == "postgres://h:x/d")
  }

  @Test(
    "four files stored at -j 4: every session once, none lost, and ingest, query and check on the server",
    .enabled(if: TestPostgres.url != nil, "\(TestPostgres.skipped)"))
  func parallelIngest() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try TestPostgres.newDatabase()
    defer { TestPostgres.drop(database) }
    let runner = CommandRunner(directory: directory.path)
    let files = try (0..<4).map { index in
      let sessions = (0..<3).flatMap { session in
        [TraceText.header(extra: "\"build\":\"\(index).\(session)\"")] + TraceText.events(5_000, first: session)
      }
      return try Fixture.write(TraceText.lines(sessions), to: directory.file("t\(index).ndjson.gz"))
    }
    // Two runs at once, each storing the four files with four jobs: each file is stored once.
    let first = try runner.start(["ingest", "-j", "4", "--db", database] + files)
    let second = try runner.start(["ingest", "-j", "4", "--db", database] + files)
    for result in [CommandRunner.finish(first.0, first.1, first.2), CommandRunner.finish(second.0, second.1, second.2)]
    {
      #expect(result.status == 0, "\(result.error)")
    }
    let store = TraceStores.at(database)
    let queries = try store.openQueries(note: { _ in })
    #expect(try queries.rows("SELECT count(*), count(DISTINCT sha256) FROM traces") == [[.integer(4), .integer(4)]])
    #expect(
      try queries.rows("SELECT count(*), count(DISTINCT build), sum(events) FROM sessions")
        == [[.integer(12), .integer(12), .integer(60_000)]])
    #expect(try queries.rows("SELECT count(*) FROM events") == [[.integer(60_000)]])
    #expect(
      try queries.rows(
        "SELECT count(*) FROM sessions s WHERE events <> (SELECT count(*) FROM event_rows e WHERE e.session_id = s.id)"
      ) == [[.integer(0)]])
    let check = try runner.run(["check", "--db", database])
    #expect(check.status == 0, "\(check.error)")
    let query = try runner.run(["query", "--db", database, "--format", "csv", "SELECT count(*) AS n FROM sessions"])
    #expect(query.output == "n\n12\n")
  }

  @Test(
    "ingest, query, check, export and report on a server name it without the password, in output and files",
    .enabled(if: TestPostgres.url != nil, "\(TestPostgres.skipped)"))
  func passwordNeverShownOnAServer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try TestPostgres.newDatabase()
    defer { TestPostgres.drop(database) }
    // The test server trusts local users: any password is accepted, and must never be shown.
    let secret = "s3cret-\(UUID().uuidString.prefix(8))"
    let url = database.replacingOccurrences(of: "://traceq@", with: "://traceq:\(secret)@")
    #expect(url.contains(secret))
    let runner = CommandRunner(directory: directory.path)
    try Fixture.write(try Fixture.bytes(homepwner), to: directory.file("hp.ndjson.gz"))
    let commands = [
      ["ingest", "--db", url, "hp.ndjson.gz"], ["ingest", "--db", url, "hp.ndjson.gz"],
      ["query", "--db", url, "SELECT 1"],
      ["query", "--db", url, "--schema"], ["check", "--db", url], ["export", "--db", url, "--perfetto", "t.json"],
      ["report", "--db", url, "-o", "r.html"], ["query", "--db", url, "SELECT * FROM no_such_table"],
      ["export", "--db", url, "--session", "99", "--perfetto", "u.json"],
    ]
    for arguments in commands {
      let result = try runner.run(arguments)
      #expect(!(result.output + result.error).contains(secret), "\(arguments) shows the password")
    }
    for file in ["t.json", "r.html"] {
      let text = try String(contentsOfFile: directory.file(file), encoding: .utf8)
      #expect(!text.contains(secret), "\(file) holds the password")
    }
  }

  @Test(
    "a query runs read-only, and stops at --timeout",
    .enabled(if: TestPostgres.url != nil, "\(TestPostgres.skipped)"))
  func queryLimits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try TestPostgres.newDatabase()
    defer { TestPostgres.drop(database) }
    let runner = CommandRunner(directory: directory.path)
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(10)), to: directory.file("t.ndjson.gz"))
    #expect(try runner.run(["ingest", "--db", database, "t.ndjson.gz"]).status == 0)
    let write = try runner.run(["query", "--db", database, "DELETE FROM traces"])
    #expect(write.status == 1 && write.error.contains("read-only transaction"), "\(write.error)")
    let slow = try runner.run(["query", "--db", database, "--timeout", "0.5", "SELECT pg_sleep(30)"])
    #expect(slow.status == 1 && slow.error.contains("ran longer than 0.5 s"), "\(slow.error)")
    let two = try runner.run(["query", "--db", database, "--format", "csv", "SELECT 1 AS a; SELECT 'x;y' AS b"])
    #expect(two.output == "a\n1\nb\nx;y\n", "\(two.error)")
    #expect(try runner.run(["query", "--db", database, "SELECT count(*) FROM traces"]).output.contains("1"))
  }
}
