import GRDB
import TestSupport
import Testing

/// A store backend the conformance suite (``StoreConformanceTests``) runs against: how to make a
/// new store for a test, and how to make it fail as a full disk would. A new backend adds
/// itself to ``all``, and every test of the suite runs against it.
struct BackendUnderTest: CustomTestStringConvertible, Sendable {
  let name: String
  /// Where a new, empty store for one test goes (nothing is there yet).
  let newLocation: @Sendable (_ directory: TemporaryDirectory) -> String
  /// Makes the store at `location` refuse to store the event of `line` of any file, as a
  /// full disk would.
  let failStoring: @Sendable (_ location: String, _ line: Int) throws -> Void
  /// Runs `sql` on the store at `location`, outside traceq (a change another tool might make).
  let execute: @Sendable (_ location: String, _ sql: String) throws -> Void
  /// Makes the store at `location` refuse any change to `anomalies` (a table locked by another
  /// writer, as far as a writer that tries is concerned).
  let refuseFindingChanges: @Sendable (_ location: String) throws -> Void
  /// Removes what `newLocation` made beyond the directory (a database on a server).
  var remove: @Sendable (_ location: String) -> Void = { _ in }

  var testDescription: String { name }

  /// SQLite, and PostgreSQL when a server is given (``TestPostgres``).
  static let all: [BackendUnderTest] = TestPostgres.url == nil ? [.sqlite] : [.sqlite, .postgres]

  static let sqlite = BackendUnderTest(
    name: "SQLite", newLocation: { $0.file("traces.db") },
    failStoring: { location, line in
      try DatabaseQueue(path: location).write { db in
        try db.execute(
          sql: """
            CREATE TRIGGER simulated_disk_full BEFORE INSERT ON event_rows WHEN NEW.line = \(line)
            BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
            """)
      }
    },
    execute: { location, sql in try DatabaseQueue(path: location).write { try $0.execute(sql: sql) } },
    refuseFindingChanges: { location in
      try DatabaseQueue(path: location).write { db in
        for change in ["INSERT", "DELETE", "UPDATE"] {
          try db.execute(
            sql: """
              CREATE TRIGGER refuse_\(change.lowercased()) BEFORE \(change) ON anomalies
              BEGIN SELECT RAISE(ABORT, 'anomalies refused'); END
              """)
        }
      }
    })

  static let postgres = BackendUnderTest(
    name: "PostgreSQL", newLocation: { _ in (try? TestPostgres.newDatabase()) ?? "postgres://unavailable" },
    failStoring: { location, line in
      try TestPostgres.execute(
        """
        CREATE FUNCTION simulated_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'; END $$;
        CREATE TRIGGER simulated_disk_full BEFORE INSERT ON event_rows FOR EACH ROW
          WHEN (NEW.line = \(line)) EXECUTE FUNCTION simulated_disk_full();
        """, on: location)
    },
    execute: { location, sql in try TestPostgres.execute(sql, on: location) },
    refuseFindingChanges: { location in
      try TestPostgres.execute(
        """
        CREATE FUNCTION refuse_anomalies() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'anomalies refused'; END $$;
        CREATE TRIGGER refuse_anomalies BEFORE INSERT OR UPDATE OR DELETE ON anomalies
          FOR EACH ROW EXECUTE FUNCTION refuse_anomalies();
        """, on: location)
    },
    remove: TestPostgres.drop)
}
