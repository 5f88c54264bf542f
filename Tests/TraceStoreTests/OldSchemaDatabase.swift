import GRDB

@testable import TraceStore

/// A database as an older traceq wrote it, for upgrade tests: the schema migrated up to
/// `version` (schema v3 or later), one trace holding one session whose header is line 1 and whose
/// `events` events are rows 1…`events` on the lines after it, and what `rows` adds (controllers,
/// event rows, `session_events`).
enum OldSchemaDatabase {
  static func build(
    at path: String, upTo version: String, events: Int, rows: (Database) throws -> Void
  ) throws -> DatabaseQueue {
    let old = try DatabaseQueue(path: path)
    try StoreSchema.migrator.migrate(old, upTo: version)
    try old.write { db in
      try db.execute(
        sql: """
          INSERT INTO traces VALUES (1, 't.ndjson', 'x', 1, 'none', '2026-01-01', ?, 1, ?, 0, 0, 0, 0);
          INSERT INTO sessions (id, trace_id, ordinal, first_line, last_line, events, first_row, last_row, cut_short,
            format_version, supported, orientation, requires_full_screen, header)
            VALUES (1, 1, 1, 1, ?, ?, 1, ?, 0, 1, 30, 'portrait', 0, '{}');
          """,
        arguments: [events + 1, events, events + 1, events, events])
      try rows(db)
    }
    return old
  }
}
