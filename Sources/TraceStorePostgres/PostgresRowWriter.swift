import PostgresNIO
import TraceModel
import TraceStore

/// Writes one trace file's rows inside the file's transaction on `link`: its events streamed
/// through `COPY event_rows FROM STDIN` in chunks, while the next chunk is being made; the
/// rows of the other tables gathered and copied when they reach ``smallRowsLimit`` bytes and at
/// the end. Ids come from the file's own block (events and objects) and from the sequences,
/// asked on `ids`, a second connection outside the transaction, so that the copy is never
/// interrupted to ask.
final class PostgresRowWriter: TraceRows {
  private let link: PostgresLink
  private let ids: PostgresLink
  /// The file's first event and object id: `nextval('file_blocks') << 32`.
  private let block: Int64
  @exclusivity(unchecked) private var names: EventNameIndex!
  @exclusivity(unchecked) private var nextEventID: Int64
  /// Event rows not yet sent; sent in chunks of ``chunkBytes``.
  @exclusivity(unchecked) private var events = CopyText(capacity: PostgresRowWriter.chunkBytes + (1 << 16))
  private var eventCopy: CopyStream?
  /// The rows of the other tables, not yet copied.
  private var small: [SmallTable: CopyText] = [:]
  /// The open session: its row's first values and its events per name id.
  private var session: (id: Int64, trace: Int64, ordinal: Int, line: Int, header: SessionHeader, text: String)?
  @exclusivity(unchecked) private var eventCounts: [Int64: Int] = [:]
  @exclusivity(unchecked) private var firstRow: Int64 = 0
  @exclusivity(unchecked) private var rest: [UInt8] = []
  /// The path of the trace row to add when the file is done.
  private var tracePath = ""
  /// Event names by name, as stored (those known to traceq read at the start).
  private var nameIDs: [String: Int64] = [:]

  /// Bytes of event rows per chunk handed to the connection.
  static let chunkBytes = 1 << 18
  /// Rows of the other tables are copied once they take this many bytes.
  static let smallRowsLimit = 1 << 20

  /// The tables other than `event_rows`, with the columns their rows give.
  enum SmallTable: String, CaseIterable {
    case sessions, controllers, popovers, session_events, session_classes, ingest_errors, anomalies

    var columns: [String] {
      switch self {
      case .sessions:
        [
          "id", "trace_id", "ordinal", "first_line", "last_line", "events", "first_row", "last_row", "cut_short",
          "format_version", "app", "os", "idiom", "supported", "orientation", "requires_full_screen", "device",
          "build", "header",
        ]
      case .controllers:
        [
          "id", "session_id", "address", "class", "kind", "will_appear", "did_appear", "will_disappear",
          "did_disappear", "first_line", "last_line",
        ]
      case .popovers: ["id", "session_id", "address"]
      case .session_events: ["ev_id", "session_id", "events"]
      case .session_classes: ["class", "session_id"]
      case .ingest_errors: ["trace_id", "session_id", "line", "severity", "kind", "message", "raw"]
      case .anomalies: ["trace_id", "session_id"] + StoredFindingRows.names
      }
    }
  }

  static let eventColumns = [
    "id", "session_id", "line", "t", "ev_id", "vc_id", "other_id", "popover_id", "orientation", "mask", "style",
    "animated", "record", "record_form",
  ]

  /// The file's trace row could not be added: the same content was stored meanwhile (by
  /// another runner), under `path`.
  struct StoredMeanwhile: Error {
    var path: String
  }

  init(link: PostgresLink, ids: PostgresLink) throws {
    self.link = link
    self.ids = ids
    block = try ids.rows("SELECT nextval('file_blocks')")[0].decode(Int64.self) << PostgresSchema.blockShift
    nextEventID = block + 1
    for row in try ids.rows("SELECT name, id FROM event_names WHERE id < \(EventNameIDs.unknownBase)") {
      let (name, id) = try row.decode((String, Int64).self)
      nameIDs[name] = id
    }
    names = try EventNameIndex(eventNameID(named:known:))
  }

  var reachedUnknownNameLimit: Int? { names.reachedUnknownNameLimit }

  // MARK: Traces

  func startTrace(path: String) throws -> Int64 {
    tracePath = path
    return try ids.rows("SELECT nextval('traces_id_seq')")[0].decode(Int64.self)
  }

  func finishTrace(_ id: Int64, _ summary: IngestSummary) throws {
    try flush()
    var binds = PostgresBindings()
    binds.append(id)
    binds.append(tracePath)
    binds.append(summary.sha256)
    binds.append(summary.size)
    binds.append(summary.compression.rawValue)
    for count in [summary.lines, summary.sessions, summary.events, summary.errors, summary.warnings] {
      binds.append(count)
    }
    binds.append(summary.truncated)
    binds.append(summary.unverifiedFromLine != nil)
    let added = try link.rows(
      """
      INSERT INTO traces (id, path, sha256, size, compression, lines, sessions, events, errors, warnings, truncated,
      corrupt) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (sha256) DO NOTHING RETURNING id
      """, binds)
    guard !added.isEmpty else {
      throw StoredMeanwhile(path: try trace(withHash: summary.sha256, other: id)?.path ?? tracePath)
    }
    if let line = summary.unverifiedFromLine {
      var binds = PostgresBindings()
      binds.append(id)
      binds.append(line)
      try link.execute("UPDATE sessions SET corrupt = true WHERE trace_id = $1 AND last_line >= $2", binds)
    }
  }

  func trace(withHash sha256: String, other id: Int64) throws -> (id: Int64, path: String)? {
    try flush()
    var binds = PostgresBindings()
    binds.append(sha256)
    binds.append(id)
    return try link.rows("SELECT id, path FROM traces WHERE sha256 = $1 AND id <> $2", binds).first.map {
      try $0.decode((Int64, String).self)
    }
  }

  func deleteTrace(_ id: Int64) throws {
    try flush()
    try PostgresTraces.delete(id, on: link)
  }

  // MARK: Sessions

  func firstObjectID() throws -> Int64 { block + 1 }

  func startSession(trace: Int64, ordinal: Int, line: Int, header: SessionHeader, text: String) throws -> Int64 {
    let id = try ids.rows("SELECT nextval('sessions_id_seq')")[0].decode(Int64.self)
    session = (id, trace, ordinal, line, header, text)
    return id
  }

  func finishSession(_ id: Int64, lastLine: Int, events count: Int, cutShort: Bool, classes: [String]) throws {
    guard let open = session, open.id == id else { preconditionFailure("finishing a session that is not open") }
    let header = open.header
    let rows: (first: Int64, last: Int64) = count > 0 ? (firstRow, firstRow + Int64(count) - 1) : (1, 0)
    add(.sessions) { row in
      row.int(id)
      row.int(open.trace)
      row.int(open.ordinal)
      row.int(open.line)
      row.int(lastLine)
      row.int(count)
      row.int(rows.first)
      row.int(rows.last)
      row.bool(cutShort)
      row.int(header.version)
      row.text(header.app)
      row.text(header.osText)
      row.text(header.idiom?.rawValue)
      row.int(Int(header.supported.rawValue))
      row.text(header.orientation.name)
      row.bool(header.requiresFullScreen)
      row.text(header.device)
      row.text(header.build)
      row.text(open.text)
    }
    for (eventID, events) in eventCounts.sorted(by: { $0.key < $1.key }) {
      add(.session_events) { row in
        row.int(eventID)
        row.int(id)
        row.int(events)
      }
    }
    for className in classes {
      add(.session_classes) { row in
        row.text(className)
        row.int(id)
      }
    }
    session = nil
    eventCounts.removeAll(keepingCapacity: true)
    firstRow = 0
    if small.values.reduce(0, { $0 + $1.count }) >= Self.smallRowsLimit { try flush() }
  }

  // MARK: Rows

  func insert(_ controller: ControllerRow, session: Int64) throws {
    add(.controllers) { row in
      row.int(controller.id)
      row.int(session)
      row.text(controller.address)
      row.text(controller.className)
      row.text(controller.kind?.rawValue)
      for lane in 0..<4 { row.int(controller.appearances[lane]) }
      row.int(controller.lines?.lowerBound)
      row.int(controller.lines?.upperBound)
    }
  }

  func insertPopover(id: Int64, address: String, session: Int64) throws {
    add(.popovers) { row in
      row.int(id)
      row.int(session)
      row.text(address)
    }
  }

  @inline(__always)
  func insert(
    _ event: TraceEvent, columns: EventColumns, objects: EventObjectRows, session: Int64,
    record: UnsafeRawBufferPointer, stored: (bytes: UnsafeRawBufferPointer, form: Int64)?
  ) throws {
    let eventID = try names.id(of: event, eventNameID(named:known:))
    eventCounts[eventID, default: 0] += 1
    let id = nextEventID
    nextEventID += 1
    if firstRow == 0 { firstRow = id }
    events.int(id)
    events.int(session)
    events.int(Int64(event.line))
    events.double(event.time)
    events.int(eventID)
    events.int(objects.vc)
    events.int(objects.other)
    events.int(objects.popover)
    events.plain(columns.orientation)
    events.int(columns.mask.map { Int64($0.rawValue) })
    events.plain(columns.style.map(EventColumns.name(of:)))
    events.bool(columns.animated)
    let form: Int64
    if eventID == names.otherUnknownID {
      // The view names the event by its row: the record keeps the name.
      events.json(record)
      form = RecordForm.whole
    } else if let stored {
      events.json(stored.bytes)
      form = stored.form
    } else {
      rest.removeAll(keepingCapacity: true)
      let keys = ColumnKeys(columns, event: event.name, hasTime: event.time != nil)
      form = RecordForm.split(record, keys: keys, into: &rest)
      rest.withUnsafeBytes { events.json($0) }
    }
    events.int(form)
    events.endRow()
    if events.count >= Self.chunkBytes { try sendEvents() }
  }

  func insert(_ issue: IngestIssue, trace: Int64, session: Int64?) throws {
    add(.ingest_errors) { row in
      row.int(trace)
      row.int(session)
      row.int(issue.line)
      row.text(issue.severity.rawValue)
      row.text(issue.kind.rawValue)
      row.text(issue.message)
      row.text(issue.raw)
    }
  }

  /// The session is new in this transaction: it has no findings to replace.
  func insertFindings(session: Int64, trace: Int64, _ findings: [Finding]) throws {
    for finding in findings {
      add(.anomalies) { PostgresFindingWriter.encode(finding, session: session, trace: trace, into: &$0) }
    }
  }

  // MARK: Copying

  private func add(_ table: SmallTable, _ body: (inout CopyText) -> Void) {
    body(&small[table, default: CopyText()])
    small[table]!.endRow()
  }

  /// Hands the event rows made so far to the copy (started when there is none).
  private func sendEvents() throws {
    guard events.count > 0 else { return }
    if nextEventID - block > 1 << PostgresSchema.blockShift {
      throw PostgresFailure(reason: "a file holds more than \(1 << PostgresSchema.blockShift - 1) events")
    }
    if eventCopy == nil { eventCopy = CopyStream(link, table: "event_rows", columns: Self.eventColumns) }
    try eventCopy!.send(events.bytes)
    events.removeAll()
  }

  /// Copies every row made so far; then the transaction's connection is free for other statements.
  func flush() throws {
    try sendEvents()
    if let copy = eventCopy {
      eventCopy = nil
      try copy.finish()
    }
    for table in SmallTable.allCases {
      guard let rows = small[table], rows.count > 0 else { continue }
      let copy = CopyStream(link, table: table.rawValue, columns: table.columns)
      try copy.send(rows.bytes)
      try copy.finish()
      small[table]!.removeAll()
    }
  }

  /// Ends the copy in progress, if any, whatever became of it: the connection can then take
  /// the transaction's ROLLBACK.
  func endCopy() {
    try? eventCopy?.finish()
    eventCopy = nil
  }

  /// The id of event name `name`, added by the ids connection when it is not stored yet
  /// (committed at once: a name stays known even if this file is rolled back).
  private func eventNameID(named name: String, known: Bool) throws -> Int64 {
    if let id = nameIDs[name] { return id }
    var binds = PostgresBindings()
    binds.append(name)
    let select = "SELECT id FROM event_names WHERE name = $1"
    if let row = try ids.rows(select, binds).first { return try row.decode(Int64.self) }
    let sequence = known ? "known_event_name_ids" : "unknown_event_name_ids"
    try ids.execute(
      "INSERT INTO event_names (id, name) VALUES (nextval('\(sequence)'), $1) ON CONFLICT (name) DO NOTHING", binds)
    let id = try ids.rows(select, binds)[0].decode(Int64.self)
    nameIDs[name] = id
    return id
  }
}
