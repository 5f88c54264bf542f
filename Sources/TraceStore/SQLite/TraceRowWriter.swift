import Foundation
import GRDB
import TraceModel

/// How far each table's ids had gone at one point (``TraceRowWriter/marks()``).
struct RowMarks {
  static let tables = [
    "traces", "sessions", "event_rows", "controllers", "popovers", "event_names", "ingest_errors", "anomalies",
  ]
  var ids: [String: Int64] = [:]
}

/// The statements that store one trace, prepared once per file and reused for every row.
/// Lives inside the file's transaction.
///
/// Events are stored `batchSize` rows per INSERT: SQLite's cost per statement (opening the
/// table, starting and ending the statement) is paid once per batch. A session's events are
/// all stored before its row is completed, so its rowids stay one consecutive range.
final class TraceRowWriter: TraceRows {
  private let db: Database
  /// One event row, for what is left of a session after its full batches.
  private let insertEvent: PreparedInsert
  /// `batchSize` event rows.
  private let insertEvents: PreparedInsert
  private let insertController: PreparedInsert
  private let insertPopover: PreparedInsert
  private let insertSessionClass: PreparedInsert
  // Per-event state is @exclusivity(unchecked): the writer's one thread uses it and its methods
  // do not re-enter, so the runtime's access checks (about 3 % of the writer's thread) would
  // protect nothing.
  /// Events waiting for their batch, and their records one after another.
  @exclusivity(unchecked) private var pending: [PendingEvent] = []
  @exclusivity(unchecked) private var pendingRecords: [UInt8] = []
  /// `event_names.id` of each event's name.
  @exclusivity(unchecked) private var names: EventNameIndex!
  /// Events of the open session per `event_names.id`, for `session_events`: the small ids (known
  /// names) in an array, the others by id.
  @exclusivity(unchecked) private var eventCounts: [Int] = Array(repeating: 0, count: 64)
  private var otherEventCounts: [Int64: Int] = [:]
  /// The rowid of the open session's first event (0 before it).
  @exclusivity(unchecked) private var firstRow: Int64 = 0

  /// Rows per INSERT: 64 × 13 parameters stay under the 999 that SQLite before 3.32 allows.
  /// (5 M events: one row per statement 7.4 s, 16 rows 6.5 s, 64 rows 6.0 s.)
  static let batchSize = 64
  /// Pending records are written before they reach this many bytes, whatever their count: a
  /// run of long lines (up to 1 MiB each) does not pile up.
  private static let pendingBytesLimit = 1 << 18

  init(_ db: Database) throws {
    self.db = db
    let insert = """
      INSERT INTO event_rows (session_id, line, t, ev_id, vc_id, other_id, popover_id, orientation, mask, style, \
      animated, record, record_form) VALUES
      """
    let row = "(" + Array(repeating: "?", count: PendingEvent.columns).joined(separator: ", ") + ")"
    insertEvent = try PreparedInsert(db, sql: insert + " " + row)
    insertEvents = try PreparedInsert(
      db, sql: insert + " " + Array(repeating: row, count: Self.batchSize).joined(separator: ", "))
    pending.reserveCapacity(Self.batchSize)
    insertController = try PreparedInsert(
      db,
      sql: """
        INSERT INTO controllers (id, session_id, address, class, kind, will_appear, did_appear, will_disappear, \
        did_disappear, first_line, last_line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    insertPopover = try PreparedInsert(db, sql: "INSERT INTO popovers (id, session_id, address) VALUES (?, ?, ?)")
    insertSessionClass = try PreparedInsert(
      db, sql: "INSERT OR IGNORE INTO session_classes (class, session_id) VALUES (?, ?)")
    names = try EventNameIndex(eventNameID(named:known:))
  }

  var reachedUnknownNameLimit: Int? { names.reachedUnknownNameLimit }

  // MARK: Traces

  /// Inserts the trace row; counts, compression and hash are filled in by ``finishTrace(_:_:)``.
  func startTrace(path: String) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO traces (path, sha256, size, compression, ingested_at, lines, sessions, events, errors, warnings, truncated)
        VALUES (?, ?, 0, 'none', ?, 0, 0, 0, 0, 0, 0)
        """,
      arguments: [path, "pending-\(UUID().uuidString)", Self.timestamp()])
    return db.lastInsertedRowID
  }

  func finishTrace(_ id: Int64, _ summary: IngestSummary) throws {
    try db.execute(
      sql: """
        UPDATE traces SET sha256 = ?, size = ?, compression = ?, lines = ?, sessions = ?, events = ?, errors = ?,
        warnings = ?, truncated = ?, corrupt = ? WHERE id = ?
        """,
      arguments: [
        summary.sha256, summary.size, summary.compression.rawValue, summary.lines, summary.sessions, summary.events,
        summary.errors, summary.warnings, summary.truncated, summary.unverifiedFromLine != nil, id,
      ])
    if let line = summary.unverifiedFromLine {
      try db.execute(
        sql: "UPDATE sessions SET corrupt = 1 WHERE trace_id = ? AND last_line >= ?", arguments: [id, line])
    }
  }

  /// The ids the tables have reached: rows with higher ids are written after this point.
  func marks() throws -> RowMarks {
    var marks = RowMarks()
    for table in RowMarks.tables {
      marks.ids[table] = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM \(table)") ?? 0
    }
    return marks
  }

  /// Deletes every row written after `marks`: what a file that failed midway wrote, in a bulk
  /// load that cannot roll back (it alone writes to the database).
  func deleteRows(after marks: RowMarks) throws {
    try db.execute(
      sql: "DELETE FROM session_events WHERE session_id > ?", arguments: [marks.ids["sessions"] ?? 0])
    for table in RowMarks.tables {
      try db.execute(sql: "DELETE FROM \(table) WHERE id > ?", arguments: [marks.ids[table] ?? 0])
    }
  }

  /// The trace already stored with this content, other than `id`.
  func trace(withHash sha256: String, other id: Int64) throws -> (id: Int64, path: String)? {
    try Row.fetchOne(db, sql: "SELECT id, path FROM traces WHERE sha256 = ? AND id != ?", arguments: [sha256, id])
      .map { ($0["id"], $0["path"]) }
  }

  /// Deletes a stored trace and everything that belongs to it.
  func deleteTrace(_ id: Int64) throws {
    try db.execute(
      sql: """
        DELETE FROM event_rows WHERE id IN (
          SELECT e.id FROM sessions s JOIN event_rows e ON e.id BETWEEN s.first_row AND s.last_row WHERE s.trace_id = :id);
        DELETE FROM session_events WHERE session_id IN (SELECT id FROM sessions WHERE trace_id = :id);
        DELETE FROM controllers WHERE session_id IN (SELECT id FROM sessions WHERE trace_id = :id);
        DELETE FROM popovers WHERE session_id IN (SELECT id FROM sessions WHERE trace_id = :id);
        DELETE FROM ingest_errors WHERE trace_id = :id;
        DELETE FROM anomalies WHERE trace_id = :id;
        DELETE FROM sessions WHERE trace_id = :id;
        DELETE FROM traces WHERE id = :id;
        """,
      arguments: ["id": id])
  }

  // MARK: Sessions and their objects

  /// The next free id for controllers and popovers (they share one numbering, so that an
  /// address used as both keeps one id).
  func firstObjectID() throws -> Int64 {
    let used = try Int64.fetchOne(
      db, sql: "SELECT max(coalesce((SELECT max(id) FROM controllers), 0), coalesce((SELECT max(id) FROM popovers), 0))"
    )
    return (used ?? 0) + 1
  }

  func startSession(trace: Int64, ordinal: Int, line: Int, header: SessionHeader, text: String) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO sessions (trace_id, ordinal, first_line, last_line, events, first_row, last_row, cut_short,
        format_version, app, os, idiom, supported, orientation, requires_full_screen, device, build, header)
        VALUES (?, ?, ?, ?, 0, 1, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        trace, ordinal, line, line, header.version, header.app, header.osText, header.idiom?.rawValue,
        header.supported.rawValue, header.orientation.name, header.requiresFullScreen, header.device, header.build,
        text,
      ])
    return db.lastInsertedRowID
  }

  /// Completes a session: its counts and row range, its event names and its classes.
  func finishSession(_ id: Int64, lastLine: Int, events: Int, cutShort: Bool, classes: [String]) throws {
    try flushEvents()
    // A session's rows are consecutive rowids: one writer appends them in one transaction.
    let rows: (first: Int64, last: Int64) = events > 0 ? (firstRow, firstRow + Int64(events) - 1) : (1, 0)
    try db.execute(
      sql: "UPDATE sessions SET last_line = ?, events = ?, first_row = ?, last_row = ?, cut_short = ? WHERE id = ?",
      arguments: [lastLine, events, rows.first, rows.last, cutShort, id])
    firstRow = 0
    let names = try db.cachedStatement(sql: "INSERT INTO session_events (ev_id, session_id, events) VALUES (?, ?, ?)")
    for (eventID, count) in eventCounts.enumerated() where count > 0 {
      try names.execute(arguments: [eventID, id, count])
    }
    for (eventID, count) in otherEventCounts.sorted(by: { $0.key < $1.key }) {
      try names.execute(arguments: [eventID, id, count])
    }
    eventCounts = Array(repeating: 0, count: eventCounts.count)
    otherEventCounts.removeAll()
    // The session's classes, each once, for `session_classes` (a bulk load has no trigger to add
    // them row by row; where the trigger runs, these find their rows there already).
    for className in classes {
      insertSessionClass.bind(1, className)
      insertSessionClass.bind(2, id)
      try insertSessionClass.step()
    }
  }

  func insert(_ controller: ControllerRow, session: Int64) throws {
    insertController.bind(1, controller.id)
    insertController.bind(2, session)
    insertController.bind(3, controller.address)
    insertController.bind(4, controller.className)
    insertController.bind(5, controller.kind?.rawValue)
    for lane in 0..<4 { insertController.bind(Int32(6 + lane), controller.appearances[lane]) }
    insertController.bind(10, controller.lines.map { Int64($0.lowerBound) })
    insertController.bind(11, controller.lines.map { Int64($0.upperBound) })
    try insertController.step()
  }

  func insertPopover(id: Int64, address: String, session: Int64) throws {
    insertPopover.bind(1, id)
    insertPopover.bind(2, session)
    insertPopover.bind(3, address)
    try insertPopover.step()
  }

  // MARK: Rows

  /// Stores one event; `record` is the line as written, of which the row keeps what its columns
  /// do not hold (``RecordForm``). The row is written with its batch, at the latest when its
  /// session is finished.
  @inline(__always)
  func insert(
    _ event: TraceEvent, columns: EventColumns, objects: EventObjectRows, session: Int64,
    record: UnsafeRawBufferPointer, stored: (bytes: UnsafeRawBufferPointer, form: Int64)?
  ) throws {
    let eventID = try names.id(of: event, eventNameID(named:known:))
    if eventID < eventCounts.count {
      eventCounts[Int(eventID)] += 1
    } else {
      otherEventCounts[eventID, default: 0] += 1
    }
    let recordStart = pendingRecords.count
    let form: Int64
    if eventID == names.otherUnknownID {
      // The view names the event by its row: the record keeps the name.
      pendingRecords.append(contentsOf: record)
      form = RecordForm.whole
    } else if let stored {
      pendingRecords.append(contentsOf: stored.bytes)
      form = stored.form
    } else {
      let keys = ColumnKeys(columns, event: event.name, hasTime: event.time != nil)
      form = RecordForm.split(record, keys: keys, into: &pendingRecords)
    }
    pending.append(
      PendingEvent(
        session: session, line: Int64(event.line), time: event.time, eventID: eventID, objects: objects,
        columns: columns, record: recordStart..<pendingRecords.count, form: form))
    if pending.count == Self.batchSize || pendingRecords.count >= Self.pendingBytesLimit { try flushEvents() }
  }

  /// Writes the pending events: a full batch in one statement, fewer one by one.
  private func flushEvents() throws {
    guard !pending.isEmpty else { return }
    try pendingRecords.withUnsafeBytes { records in
      if pending.count == Self.batchSize {
        for (slot, event) in pending.enumerated() {
          event.bind(to: insertEvents, at: Int32(slot * PendingEvent.columns), records: records)
        }
        try insertEvents.step()
      } else {
        for event in pending {
          event.bind(to: insertEvent, at: 0, records: records)
          try insertEvent.step()
        }
      }
    }
    // The rows of one statement, and of one session, get consecutive rowids.
    if firstRow == 0 { firstRow = db.lastInsertedRowID - Int64(pending.count) + 1 }
    pending.removeAll(keepingCapacity: true)
    pendingRecords.removeAll(keepingCapacity: true)
  }

  func insertFindings(session: Int64, trace: Int64, _ findings: [Finding]) throws {
    try AnomalyWriter(db: db, rules: []).insert(session: session, trace: trace, findings)
  }

  func insert(_ issue: IngestIssue, trace: Int64, session: Int64?) throws {
    try db.execute(
      sql:
        "INSERT INTO ingest_errors (trace_id, session_id, line, severity, kind, message, raw) VALUES (?, ?, ?, ?, ?, ?, ?)",
      arguments: [trace, session, issue.line, issue.severity.rawValue, issue.kind.rawValue, issue.message, issue.raw])
  }

  /// The id of the event name `name`, stored with the next free id of its range (known names
  /// below ``EventNameIDs/unknownBase``, others from it) unless it is stored already.
  private func eventNameID(named name: String, known: Bool) throws -> Int64 {
    if let id = try Int64.fetchOne(db, sql: "SELECT id FROM event_names WHERE name = ?", arguments: [name]) {
      return id
    }
    let base = EventNameIDs.unknownBase
    let next =
      known
      ? "SELECT coalesce(max(id), 0) + 1 FROM event_names WHERE id < \(base)"
      : "SELECT max(coalesce(max(id) + 1, \(base)), \(base)) FROM event_names WHERE id >= \(base)"
    try db.execute(sql: "INSERT INTO event_names (id, name) VALUES ((\(next)), ?)", arguments: [name])
    return db.lastInsertedRowID
  }

  /// The current time in UTC as RFC 3339 (`2026-11-25T17:30:00Z`), written with the C library:
  /// Foundation's ISO8601DateFormatter would load ICU's calendar data, about 5 MB of a process
  /// whose memory is meant to stay under 50 MB.
  static func timestamp(_ seconds: time_t = time(nil)) -> String {
    var now = seconds
    var parts = tm()
    gmtime_r(&now, &parts)
    var text = [CChar](repeating: 0, count: 32)
    let count = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
    return String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// An event row waiting for its batch.
private struct PendingEvent {
  static let columns = 13

  var session: Int64
  var line: Int64
  var time: Double?
  var eventID: Int64
  /// The rows of the objects its columns name.
  var objects: EventObjectRows
  var columns: EventColumns
  /// Where the record (as ``form`` says) is in the pending records.
  var record: Range<Int>
  var form: Int64

  /// Binds the row's columns to parameters `offset + 1 ... offset + 13` of `statement`.
  @inline(__always)
  func bind(to statement: PreparedInsert, at offset: Int32, records: UnsafeRawBufferPointer) {
    statement.bind(offset + 1, session)
    statement.bind(offset + 2, line)
    statement.bind(offset + 3, time)
    statement.bind(offset + 4, eventID)
    statement.bind(offset + 5, objects.vc)
    statement.bind(offset + 6, objects.other)
    statement.bind(offset + 7, objects.popover)
    statement.bind(offset + 8, columns.orientation)
    statement.bind(offset + 9, columns.mask.map { Int64($0.rawValue) })
    statement.bind(offset + 10, columns.style.map(EventColumns.name(of:)))
    statement.bind(offset + 11, columns.animated)
    statement.bindText(offset + 12, UnsafeRawBufferPointer(rebasing: records[record]))
    statement.bind(offset + 13, form)
  }
}
