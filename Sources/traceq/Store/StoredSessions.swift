import GRDB
import GRDBSQLite
import Replay
import TraceModel

/// A session as stored, ready to be replayed.
struct StoredSession {
  var id: Int64
  var traceID: Int64
  var ordinal: Int
  var path: String
  var firstLine: Int
  var rows: ClosedRange<Int64>?
  var header: String
  var cutShort: Bool
}

/// Replays sessions from the database, decoding the stored records exactly as `check` decodes
/// a file, so that both give the same findings.
struct StoredSessions {
  let db: Database

  /// Opens the database at `path` read-only and hands `body` its sessions.
  /// - Throws: ``StoreError`` when it cannot be opened, what `body` throws, or a database error.
  static func reading<T>(path: String, _ body: (StoredSessions) throws -> T) throws -> T {
    try TraceStore.openReadOnly(path: path).read { try body(StoredSessions(db: $0)) }
  }

  /// Every stored session, in trace and line order.
  func all() throws -> [StoredSession] {
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

  /// Replays one session with `rules`; returns its findings (in line order) and its event count.
  func replay(_ session: StoredSession, rules: RuleSet) throws -> (findings: [Finding], events: Int) {
    var findings: [Finding] = []
    var replay: SessionReplay?
    let events = try read(
      session,
      header: { header, symbols in
        replay = SessionReplay(header: header, symbols: symbols, ordinal: session.ordinal, rules: rules)
      },
      event: { replay?.apply($0, into: &findings) })
    replay?.finish(cutShort: session.cutShort, into: &findings)
    findings.sort { $0.line < $1.line }
    return (findings, events)
  }

  /// Decodes one session as `check` decodes a file: its header (skipped with its events unless
  /// it is format version 1), then each event in line order. Returns the event count.
  func read(
    _ session: StoredSession, header: (SessionHeader, SessionSymbols) -> Void, event: (TraceEvent) -> Void
  ) throws -> Int {
    let decoder = RecordDecoder()
    var text = session.header
    let decoded = text.withUTF8 {
      decoder.decode(RawLine(number: session.firstLine, bytes: UnsafeRawBufferPointer($0)))
    }
    guard case .session(let parsed, _, let symbols)? = decoded, parsed.version == 1 else { return 0 }
    header(parsed, symbols)
    var events = 0
    let statement = try db.makeStatement(
      sql: "SELECT line, record FROM event_rows WHERE id BETWEEN ? AND ? ORDER BY id")
    try statement.setArguments([session.rows?.lowerBound ?? 1, session.rows?.upperBound ?? 0])
    let handle = statement.sqliteStatement
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
      }
      let bytes = UnsafeRawBufferPointer(
        start: sqlite3_column_text(handle, 1), count: Int(sqlite3_column_bytes(handle, 1)))
      if case .event(let decoded)? = decoder.decode(RawLine(number: Int(sqlite3_column_int64(handle, 0)), bytes: bytes))
      {
        events += 1
        event(decoded)
      }
    }
    sqlite3_reset(handle)
    return events
  }

  private static func range(_ first: Int64, _ last: Int64) -> ClosedRange<Int64>? {
    first <= last ? first...last : nil
  }
}
