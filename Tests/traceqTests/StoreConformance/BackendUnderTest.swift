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

  var testDescription: String { name }

  static let all: [BackendUnderTest] = [.sqlite]

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
    })
}
