import GRDB
import TraceModel

/// The stored sessions of a SQLite database, read inside one read transaction: their rows
/// read in batches (``StoredRecords``) whose records are rebuilt from the columns, so that a
/// replay decodes them as `check` decodes the file.
final class SQLiteSessionReader: StoredSessionReader {
  private let db: Database
  /// The reader of records, made for the first session read (it loads the event names).
  private var records: StoredRecords?

  init(db: Database) {
    self.db = db
  }

  func sessions() throws -> [StoredSession] {
    try Row.fetchAll(db, sql: Self.sessionsSQL + " ORDER BY s.trace_id, s.ordinal").map(Self.session)
  }

  func holds(_ session: StoredSession) throws -> Bool {
    try Row.fetchOne(db, sql: Self.sessionsSQL + " WHERE s.id = ?", arguments: [session.id]).map(Self.session)
      == session
  }

  private static let sessionsSQL = """
    SELECT s.id, s.trace_id, s.ordinal, s.first_line, s.first_row, s.last_row, s.header, s.cut_short, t.path, t.sha256
    FROM sessions s JOIN traces t ON t.id = s.trace_id
    """

  private static func session(_ row: Row) -> StoredSession {
    StoredSession(
      id: row["id"], traceID: row["trace_id"], ordinal: row["ordinal"], path: row["path"], firstLine: row["first_line"],
      header: row["header"], cutShort: row["cut_short"], rows: range(row["first_row"], row["last_row"]),
      fileHash: row["sha256"])
  }

  func damage() throws -> [Int64: [IngestIssue]] {
    // A database read where it cannot be migrated may predate the column.
    guard try db.columns(in: "traces").contains(where: { $0.name == "corrupt" }) else { return [:] }
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT e.trace_id, e.line, e.message FROM ingest_errors e JOIN traces t ON t.id = e.trace_id
        WHERE t.corrupt AND e.kind = ? ORDER BY e.trace_id, e.line
        """, arguments: [IngestIssue.Kind.corruptStream.rawValue])
    return Dictionary(grouping: rows, by: { $0["trace_id"] as Int64 }).mapValues { rows in
      rows.map { IngestIssue(.corruptStream, line: $0["line"], $0["message"]) }
    }
  }

  func readRecords(of session: StoredSession, batchBytes: Int, _ body: (any StoredRecordBatch) throws -> Void) throws {
    if records == nil { records = try StoredRecords(db) }
    try records!.read(session: session.id, rows: session.rows, batchBytes: batchBytes, body)
  }

  private static func range(_ first: Int64, _ last: Int64) -> ClosedRange<Int64>? {
    first <= last ? first...last : nil
  }
}
