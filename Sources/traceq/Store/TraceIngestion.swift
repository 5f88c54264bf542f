import Foundation
import GRDB
import Replay
import TraceModel

/// What storing one trace file gave.
struct IngestSummary: Sendable {
  var path: String
  var traceID: Int64 = 0
  var sha256 = ""
  var size = 0
  var compression: Compression = .none
  var lines = 0
  var sessions = 0
  var events = 0
  var errors = 0
  var warnings = 0
  var truncated = false
  /// Findings of `--check`, per severity.
  var findings: [Severity: Int] = [:]
  /// The path of the stored trace this one replaced (`--force`).
  var replaced: String?
}

/// How storing one file ended.
enum IngestOutcome: Sendable {
  case stored(IngestSummary)
  /// The same bytes are stored already (under `existingPath`).
  case skipped(path: String, existingPath: String)
  /// The file is not a trace; nothing of it was stored.
  case rejected(IngestIssue)
}

/// Stores one trace file in one transaction: its trace row, sessions, events, controllers and
/// the issues found reading it. Anything that fails midway (disk full, a killed process)
/// rolls the whole file back.
struct TraceIngestion {
  var path: String
  /// Replace a stored trace with the same content instead of skipping the file.
  var force = false
  /// Called with each issue as it is found (after it is stored).
  var onIssue: (IngestIssue) -> Void = { _ in }
  /// Called now and then with the bytes read so far.
  var onProgress: (_ bytesRead: Int, _ events: Int) -> Void = { _, _ in }
  /// Replay each session with these rules while storing it, and store the findings in
  /// `anomalies` (`traceq ingest --check`).
  var rules: RuleSet?
  /// Called with each finding, in file order, once its session is stored.
  var onFinding: (Finding) -> Void = { _ in }
  /// False in a bulk load (no rollback journal): what must not stay is deleted instead.
  var canRollBack = true

  func run(in queue: DatabaseQueue) throws -> IngestOutcome {
    var knownHash: (sha256: String, size: Int)?
    let fileSource: FileByteSource
    let hashingSource: HashingByteSource?
    if path == "-" {
      fileSource = try FileByteSource(path: path)
      hashingSource = HashingByteSource(fileSource)
    } else {
      fileSource = try FileByteSource(path: path)
      hashingSource = nil
      let hash = try ContentHash.ofFile(path)
      knownHash = hash
      if !force, let existing = try queue.read({ db in
        try String.fetchOne(db, sql: "SELECT path FROM traces WHERE sha256 = ?", arguments: [hash.sha256])
      }) {
        return .skipped(path: path, existingPath: existing)
      }
    }
    let stream = TraceStream(reader: try TraceReader(source: hashingSource ?? fileSource, path: path))
    var outcome: IngestOutcome?
    try queue.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        outcome = try store(stream, in: db) { reader in
          if let knownHash { return knownHash }
          try reader.drainSource { _ in }
          return (hashingSource!.hash.finalize(), hashingSource!.hash.byteCount)
        }
        if case .stored = outcome { return .commit }
        // Without a journal there is no rollback; what must not stay was deleted already.
        return canRollBack ? .rollback : .commit
      }
    }
    return outcome!
  }

  /// Reads the whole stream into the open transaction.
  private func store(
    _ stream: TraceStream, in db: Database, hash: (TraceReader) throws -> (sha256: String, size: Int)
  ) throws -> IngestOutcome {
    let writer = try TraceRowWriter(db)
    var summary = IngestSummary(path: path, compression: stream.reader.compression)
    // The trace row is written with the first thing worth storing, so that a file rejected at
    // its first line leaves nothing behind (a bulk load cannot roll back).
    var storedTraceID: Int64?
    func traceID() throws -> Int64 {
      if let storedTraceID { return storedTraceID }
      let id = try writer.startTrace(path: path, compression: stream.reader.compression)
      storedTraceID = id
      summary.traceID = id
      return id
    }
    var nextObjectID = try writer.nextObjectID()
    var session: (id: Int64, idBase: Int64, events: Int, symbols: SessionSymbols)?
    var replay: SessionReplay?
    var findings: [Finding] = []
    var lastLine = 0

    func closeSession(cutShort: Bool) throws {
      guard let open = session else { return }
      try writer.finishSession(
        open.id, lastLine: lastLine, events: open.events, cutShort: cutShort, symbols: open.symbols, idBase: open.idBase)
      nextObjectID += Int64(open.symbols.count)
      if let replay, let rules {
        replay.finish(cutShort: cutShort, into: &findings)
        findings.sort { $0.line < $1.line }
        try AnomalyWriter(db: db, rules: rules.ids).replace(session: open.id, trace: try traceID(), with: findings)
        for finding in findings {
          summary.findings[finding.severity, default: 0] += 1
          onFinding(finding)
        }
        findings.removeAll()
      }
      session = nil
      replay = nil
    }

    while let item = try stream.next() {
      switch item {
      case .event(let event):
        guard let open = session else { continue }
        try writer.insert(event, session: open.id, idBase: open.idBase, record: stream.line!.bytes)
        replay?.apply(event, into: &findings)
        session!.events += 1
        summary.events += 1
        lastLine = event.line
        if summary.events & 0xFFFF == 0 { onProgress(stream.reader.bytesRead, summary.events) }
      case .session(let header, let line, let symbols):
        try closeSession(cutShort: false)
        summary.sessions += 1
        let id = try writer.startSession(
          trace: try traceID(), ordinal: summary.sessions, line: line, header: header, text: stream.line!.text(limit: Int.max))
        session = (id, nextObjectID, 0, symbols)
        if let rules, header.version == 1 {
          replay = SessionReplay(header: header, symbols: symbols, ordinal: summary.sessions, rules: rules)
        }
        lastLine = line
      case .issue(let issue):
        if issue.kind == .missingHeader { return .rejected(issue) }
        try writer.insert(issue, trace: try traceID(), session: session?.id)
        if issue.severity == .error { summary.errors += 1 } else { summary.warnings += 1 }
        if let line = stream.line?.number { lastLine = line }
        onIssue(issue)
      }
    }
    summary.truncated = stream.wasCutShort
    try closeSession(cutShort: summary.truncated)
    summary.lines = stream.reader.linesRead
    (summary.sha256, summary.size) = try hash(stream.reader)
    let traceID = try traceID()
    if let existing = try writer.trace(withHash: summary.sha256, other: traceID) {
      guard force else {
        if !canRollBack { try writer.deleteTrace(traceID) }
        return .skipped(path: path, existingPath: existing.path)
      }
      try writer.deleteTrace(existing.id)
      summary.replaced = existing.path
    }
    try writer.finishTrace(traceID, summary)
    return .stored(summary)
  }
}
