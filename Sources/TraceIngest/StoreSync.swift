import TraceModel
import TraceStore

/// `traceq sync`: stores the trace files of one store in another (a CI runner's SQLite database
/// into the team's PostgreSQL), each as its ingest there would have: its sessions, events,
/// issues and findings, in one unit of work per file. A file is known by its content hash, so
/// syncing again, or ingesting the file itself afterwards, stores nothing twice.
package struct StoreSync {
  package let source: any TraceStoreBackend
  package let target: any TraceStoreBackend

  package init(from source: any TraceStoreBackend, to target: any TraceStoreBackend) {
    self.source = source
    self.target = target
  }

  /// Stores the files of `source` that `target` lacks, oldest first; `stored` hears of each
  /// file's outcome. Returns how many of the source's files the target had already.
  /// - Throws: ``StoreError`` when either store fails (the files stored before stay).
  package func run(note: (String) -> Void, stored: (IngestOutcome) -> Void) throws -> Int {
    guard source.exists else { throw StoreError.missing(location: source.location) }
    let queries = try source.openQueries(note: note)
    let there = target.exists ? try Self.hashes(in: target.openQueries(note: note)) : []
    let all = try traces(in: queries)
    let missing = all.filter { !there.contains($0.sha256) }
    guard !missing.isEmpty else { return all.count }
    let paths = Set(missing.map(\.path))
    let cursor = try StoredRecordsCursor(store: source, keeps: { paths.contains($0) }, note: note)
    let writer = try target.openWriter()
    for trace in missing {
      let contents = try self.contents(of: trace, in: queries)
      var ingestion = TraceIngestion(path: trace.path, force: false)
      let rules = Set(contents.findings.values.joined().map(\.ruleID))
      ingestion.checkedRules = rules.isEmpty ? nil : rules.sorted()
      stored(try writer.store(StoredTraceItems(contents, from: cursor), as: ingestion))
    }
    try writer.finish()
    return all.count - missing.count
  }

  /// A stored file's row in `traces`.
  private struct StoredTrace {
    var id: Int64
    var path: String
    var sha256: String
    var end: DecodedTraceEnd
  }

  private static func hashes(in queries: any QueryRunner) throws -> Set<String> {
    Set(try queries.rows("SELECT sha256 FROM traces").compactMap { $0[0].text })
  }

  private func traces(in queries: any QueryRunner) throws -> [StoredTrace] {
    try queries.rows("SELECT id, path, sha256, size, compression, lines, truncated FROM traces ORDER BY id").map {
      row in
      guard let id = row[0].integer, let path = row[1].text, let sha256 = row[2].text, let size = row[3].integer,
        let compression = row[4].text.flatMap(Compression.init(rawValue:)), let lines = row[5].integer
      else { throw unexpected("a row of traces is not as this traceq stores them") }
      let end = DecodedTraceEnd(
        compression: compression, lines: Int(lines), cutShort: row[6].integer == 1,
        content: (sha256, Int(size)))
      return StoredTrace(id: id, path: path, sha256: sha256, end: end)
    }
  }

  /// The issues and findings stored of `trace`, with its `unverifiedFromLine` from its damage.
  private func contents(of trace: StoredTrace, in queries: any QueryRunner) throws -> StoredTraceItems.Trace {
    var end = trace.end
    let issues = try queries.rows(
      "SELECT line, kind, message, raw FROM ingest_errors WHERE trace_id = \(trace.id) ORDER BY line, id"
    ).map { row -> IngestIssue in
      guard let line = row[0].integer, let kind = row[1].text.flatMap(IngestIssue.Kind.init(rawValue:)),
        let message = row[2].text
      else { throw unexpected("an issue of \(trace.path) is of a kind this traceq does not know") }
      return IngestIssue(kind, line: Int(line), message, raw: row[3].text)
    }
    end.unverifiedFromLine = issues.first { $0.kind == .corruptStream }?.line
    var findings: [Int: [Finding]] = [:]
    let rows = try queries.rows(
      """
      SELECT s.ordinal, a.line, a.rule, a.severity, a.vc, a.class, a.message, a.hint, a.source, a.app_vc,
        a.app_class, a.decided_line, a.frame
      FROM anomalies a JOIN sessions s ON s.id = a.session_id WHERE a.trace_id = \(trace.id)
      ORDER BY s.ordinal, a.line, a.id
      """)
    for row in rows {
      guard let ordinal = row[0].integer, let line = row[1].integer, let rule = row[2].text,
        let severity = row[3].text.flatMap(Severity.init(rawValue:)), let message = row[6].text,
        let hint = row[7].text, let source = row[8].text.flatMap(Finding.Source.init(rawValue:))
      else { throw unexpected("a finding of \(trace.path) is not as this traceq stores them") }
      let subjects = row[4].text.map { [Finding.Subject(address: $0, className: row[5].text, isPopover: false)] }
      let app = row[10].text.map { Finding.Subject(address: row[9].text ?? "", className: $0, isPopover: false) }
      findings[Int(ordinal), default: []].append(
        Finding(
          ruleID: rule, severity: severity, line: Int(line), session: Int(ordinal), message: message, hint: hint,
          subjects: subjects ?? [], source: source, appController: app, decidedLine: row[11].integer.map(Int.init),
          frame: row[12].text))
    }
    return StoredTraceItems.Trace(
      id: trace.id, path: trace.path, end: end, issues: issues, findings: findings)
  }

  private func unexpected(_ reason: String) -> StoreError {
    StoreError.readFailed(location: source.location, reason: reason)
  }
}
