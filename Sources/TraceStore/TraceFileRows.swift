import TraceModel

/// Stores one trace file's items into the backend's open unit of work (``TraceRows``): its
/// trace row, sessions, events, controllers, the issues found reading it and (with `--check`)
/// the findings of its replay. The items come from a ``TraceFileWriter``'s source, in file order.
package final class TraceFileRows<Rows: TraceRows> {
  private let ingestion: TraceIngestion
  private let writer: Rows
  // Per-event state is @exclusivity(unchecked): the writer's one thread uses it, and the
  // methods do not re-enter.
  @exclusivity(unchecked) private var summary: IngestSummary
  /// The trace row, once something worth storing came (a file rejected at its first line
  /// leaves nothing behind, even in a bulk load that cannot roll back).
  private var storedTraceID: Int64?
  @exclusivity(unchecked) private var session: OpenSession?
  /// The rows of the open session's objects; its ids run on from session to session.
  @exclusivity(unchecked) private var objects: SessionObjectRows
  @exclusivity(unchecked) private var lastLine = 0
  private var issues = IssueCounts()
  @exclusivity(unchecked) private var warnedNameLimit = false

  /// The session whose events are being stored.
  private struct OpenSession {
    var id: Int64
    var events = 0
    var symbols: SessionSymbols
  }

  /// The issues of the file: how many were stored one by one, and past
  /// ``TraceIngestion/storedIssueLimit``, per kind, how many, the first one and its session.
  private struct IssueCounts {
    var stored = 0
    var unstored: [IngestIssue.Kind: (count: Int, first: IngestIssue, session: Int64?)] = [:]
  }

  package init(_ writer: Rows, ingestion: TraceIngestion) throws {
    self.ingestion = ingestion
    self.writer = writer
    summary = IngestSummary(path: ingestion.path)
    objects = SessionObjectRows(firstID: try writer.firstObjectID())
  }

  /// Stores `first` and the rest of `source`'s items. When the outcome is not `.stored`, the
  /// caller undoes what was written (a rollback, or a deletion where there is no journal).
  package func store(_ first: IngestItem?, then source: any IngestItemSource) throws -> IngestOutcome {
    var next = first
    while let item = next {
      switch item {
      case .event(let event):
        try store(event, from: source)
      case .session(let header, let line, let text, let symbols):
        try startSession(header, line: line, text: text, symbols: symbols)
      case .issue(let issue):
        if issue.kind == .missingHeader {
          source.cancel()
          return .rejected(issue)
        }
        try record(issue)
      case .findings(let findings):
        try store(findings)
      case .object(let object, let address, let className, let kind):
        guard let open = session else { break }
        if let ended = objects.declare(object, address: address, className: className, kind: kind) {
          try writer.insert(ended, session: open.id)
        }
      case .released(let object):
        if let open = session, let ended = objects.forget(object) { try writer.insert(ended, session: open.id) }
      }
      next = try source.next()
    }
    guard let end = source.end else { preconditionFailure("a decoding that returned nil has ended") }
    return try finish(end)
  }

  // MARK: Items

  @inline(__always)
  private func store(_ event: TraceEvent, from source: any IngestItemSource) throws {
    guard let open = session else { return }
    let columns = EventColumns(event.payload)
    var rows = EventObjectRows()
    if let vc = columns.vc {
      rows.vc = objects.controller(vc, at: event.line)
      if let name = event.name { objects.count(name, of: vc) }
    }
    if let other = columns.other { rows.other = objects.controller(other, at: event.line) }
    if let popover = columns.popover { rows.popover = objects.popover(popover) }
    try writer.insert(
      event, columns: columns, objects: rows, session: open.id, record: source.record, stored: source.storedRecord)
    if case .dealloc(let vc) = event.payload, let ended = objects.release(vc) {
      try writer.insert(ended, session: open.id)
    }
    if !warnedNameLimit, let line = writer.reachedUnknownNameLimit { try warnOfNameLimit(at: line) }
    session!.events += 1
    summary.events += 1
    lastLine = event.line
    if summary.events & 0xFFFF == 0 { ingestion.onProgress(source.bytesRead, summary.events) }
  }

  private func warnOfNameLimit(at line: Int) throws {
    warnedNameLimit = true
    try record(
      IngestIssue(
        .tooManyNames, line: line,
        "more than \(EventNameIndex.unknownNameLimit) distinct unknown event names in this file: the events of "
          + "the others are stored as \"\(EventNameIndex.otherUnknownName)\" (json_extract(record, '$.ev') "
          + "has their name)"))
  }

  private func startSession(_ header: SessionHeader, line: Int, text: String, symbols: SessionSymbols) throws {
    try closeSession(cutShort: false)
    summary.sessions += 1
    let id = try writer.startSession(
      trace: try traceID(), ordinal: summary.sessions, line: line, header: header, text: text)
    session = OpenSession(id: id, symbols: symbols)
    lastLine = line
  }

  private func closeSession(cutShort: Bool) throws {
    guard let open = session else { return }
    let rows = objects.finish(open.symbols)
    for controller in rows.controllers { try writer.insert(controller, session: open.id) }
    for popover in rows.popovers {
      try writer.insertPopover(id: popover.id, address: popover.address, session: open.id)
    }
    try writer.finishSession(
      open.id, lastLine: lastLine, events: open.events, cutShort: cutShort, classes: rows.classes)
  }

  private func record(_ issue: IngestIssue) throws {
    if issues.stored < TraceIngestion.storedIssueLimit {
      issues.stored += 1
      try writer.insert(issue, trace: try traceID(), session: session?.id)
    } else {
      issues.unstored[issue.kind, default: (0, issue, session?.id)].count += 1
    }
    if issue.severity == .error { summary.errors += 1 } else { summary.warnings += 1 }
    lastLine = max(lastLine, issue.line)
    ingestion.onIssue(issue)
  }

  /// Stores findings of the open session (a session new in this file has none stored yet; a
  /// session with many findings comes in several parts).
  private func store(_ findings: [Finding]) throws {
    if let open = session, ingestion.checkedRules != nil {
      try writer.insertFindings(session: open.id, trace: try traceID(), findings)
    }
    for finding in findings {
      summary.findings[finding.severity, default: 0] += 1
      ingestion.onFinding(finding)
    }
  }

  private func traceID() throws -> Int64 {
    if let storedTraceID { return storedTraceID }
    let id = try writer.startTrace(path: ingestion.path)
    storedTraceID = id
    summary.traceID = id
    return id
  }

  // MARK: The end of the file

  /// Completes the trace row, or finds its content stored already: skips the file, or with
  /// `force` replaces the stored one.
  private func finish(_ end: DecodedTraceEnd) throws -> IngestOutcome {
    summary.truncated = end.cutShort
    summary.unverifiedFromLine = end.unverifiedFromLine
    try closeSession(cutShort: end.cutShort)
    try storeIssueCounts()
    summary.lines = end.lines
    summary.compression = end.compression
    summary.kind = end.kind
    // The one duplicate check: the content is known once it has all been read.
    (summary.sha256, summary.size) = end.content
    let traceID = try traceID()
    if let existing = try writer.trace(withHash: summary.sha256, other: traceID) {
      guard ingestion.force else { return .skipped(path: ingestion.path, existingPath: existing.path) }
      try writer.deleteTrace(existing.id)
      summary.replaced = existing.path
    }
    try writer.finishTrace(traceID, summary)
    return .stored(summary)
  }

  /// One row per kind of the issues not stored one by one, saying how many there were.
  private func storeIssueCounts() throws {
    for (kind, rest) in issues.unstored.sorted(by: { $0.value.first.line < $1.value.first.line }) {
      let count = IngestIssue(
        kind, line: rest.first.line,
        "\(rest.count) more \(kind.rawValue) issues from line \(rest.first.line) on are counted, not stored one by one "
          + "(the first \(TraceIngestion.storedIssueLimit) issues of a file are); the first: \(rest.first.message)")
      try writer.insert(count, trace: try traceID(), session: rest.session)
    }
  }
}
