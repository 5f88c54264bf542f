import Foundation
import GRDB
import TraceModel

/// A session as stored, ready to be replayed.
package struct StoredSession: Sendable {
  package var id: Int64
  package var traceID: Int64
  package var ordinal: Int
  package var path: String
  package var firstLine: Int
  package var rows: ClosedRange<Int64>?
  /// The header line as written.
  package var header: String
  package var cutShort: Bool
}

/// The stored sessions of a database opened for writing, inside one transaction: their records
/// as written (so that a replay decodes them exactly as `check` decodes a file) and their
/// findings in `anomalies`.
package struct StoredSessions {
  private let db: Database
  /// Whether ``replaceAnomalies(of:rules:with:)`` can store findings (false on read-only media).
  package let canWrite: Bool

  /// Opens the database at `path` and gives `body` its sessions in one transaction. When it
  /// cannot be written (read-only media), it is read only: `readOnly` gets the reason and
  /// ``canWrite`` is false.
  /// - Throws: ``StoreError`` when the database cannot be opened; what `body` throws, after
  ///   rolling back.
  package static func update<T>(
    path: String, readOnly: (_ reason: String) -> Void, _ body: (StoredSessions) throws -> T
  ) throws -> T {
    guard FileManager.default.fileExists(atPath: path) else { throw StoreError.missing(path: path) }
    do {
      let queue = try TraceStore.openForWriting(path: path)
      return try queue.write { db in try body(StoredSessions(db: db, canWrite: true)) }
    } catch StoreError.cannotOpen(_, let reason) {
      let queue = try TraceStore.openReadOnly(path: path, note: { _ in })
      readOnly(reason)
      return try queue.read { db in try body(StoredSessions(db: db, canWrite: false)) }
    }
  }

  /// Opens the database at `path` read-only and hands `body` its sessions.
  /// - Throws: ``StoreError`` when it cannot be opened, what `body` throws, or a database error.
  package static func reading<T>(path: String, note: (String) -> Void, _ body: (StoredSessions) throws -> T) throws
    -> T
  {
    try TraceStore.openReadOnly(path: path, note: note).read { try body(StoredSessions(db: $0, canWrite: false)) }
  }

  private init(db: Database, canWrite: Bool) {
    self.db = db
    self.canWrite = canWrite
  }

  /// Every stored session, in trace and line order.
  package func all() throws -> [StoredSession] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT s.id, s.trace_id, s.ordinal, s.first_line, s.first_row, s.last_row, s.header, s.cut_short, t.path
        FROM sessions s JOIN traces t ON t.id = s.trace_id ORDER BY s.trace_id, s.ordinal
        """
    ).map {
      StoredSession(
        id: $0["id"], traceID: $0["trace_id"], ordinal: $0["ordinal"], path: $0["path"], firstLine: $0["first_line"],
        rows: Self.range($0["first_row"], $0["last_row"]), header: $0["header"], cutShort: $0["cut_short"])
    }
  }

  /// The damage found when each corrupt trace (`traces.corrupt`) was stored, by trace id: its
  /// findings are not to be trusted from the line the issue names.
  package func damage() throws -> [Int64: [IngestIssue]] {
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

  /// Calls `body` with each event record of `session`, in line order, as the `events` view
  /// gives it; the bytes are valid during the call only.
  package func forEachRecord(of session: StoredSession, _ body: (RawLine) throws -> Void) throws {
    var records = try StoredRecords(db)
    try records.forEach(session: session.id, rows: session.rows, body)
  }

  /// Replaces the findings of `rules` for `session` in `anomalies` with `findings`.
  package func replaceAnomalies(of session: StoredSession, rules: [String], with findings: [Finding]) throws {
    try AnomalyWriter(db: db, rules: rules).replace(session: session.id, trace: session.traceID, with: findings)
  }

  private static func range(_ first: Int64, _ last: Int64) -> ClosedRange<Int64>? {
    first <= last ? first...last : nil
  }
}
