import Foundation
import GRDB
import TraceModel

/// What storing one trace file gave.
package struct IngestSummary: Sendable {
  package var path: String
  package var traceID: Int64 = 0
  package var sha256 = ""
  package var size = 0
  package var compression: Compression = .none
  /// What the file was read as.
  package var kind: InputKind = .trace
  package var lines = 0
  package var sessions = 0
  package var events = 0
  package var errors = 0
  package var warnings = 0
  package var truncated = false
  /// For a damaged compressed file: the first line no checksum vouches for (the trace and the
  /// sessions that reach it are marked corrupt).
  package var unverifiedFromLine: Int?
  /// Findings of `--check`, per severity.
  package var findings: [Severity: Int] = [:]
  /// The path of the stored trace this one replaced (`--force`).
  package var replaced: String?

  package init(path: String) { self.path = path }
}

/// How storing one file ended.
package enum IngestOutcome: Sendable {
  case stored(IngestSummary)
  /// The same bytes are stored already (under `existingPath`).
  case skipped(path: String, existingPath: String)
  /// The file is not a trace; nothing of it was stored.
  case rejected(IngestIssue)
}

/// Stores one trace file in one transaction: its trace row, sessions, events, controllers, the
/// issues found reading it and (with `--check`) the findings of its replay. Anything that fails
/// midway (disk full, a killed process) rolls the whole file back. The items come from a
/// ``TraceDecoding`` on this thread or from an ``IngestPipe``.
package struct TraceIngestion {
  package var path: String
  /// Replace a stored trace with the same content instead of skipping the file.
  package var force = false
  /// Called with each issue as it is found (after it is stored).
  package var onIssue: (IngestIssue) -> Void = { _ in }
  /// Called now and then with the bytes read so far.
  package var onProgress: (_ bytesRead: Int, _ events: Int) -> Void = { _, _ in }
  /// The rules the decoding replays with (`traceq ingest --check`): their earlier results in
  /// `anomalies` are replaced.
  package var checkedRules: [String]?
  /// Called with each finding, in file order, once its session is stored.
  package var onFinding: (Finding) -> Void = { _ in }
  /// False in a bulk load (no rollback journal): what must not stay is deleted instead.
  package var canRollBack = true

  package init(path: String, force: Bool) {
    self.path = path
    self.force = force
  }

  package func run(_ source: IngestItemSource, in queue: DatabaseQueue) throws -> IngestOutcome {
    let first = try source.next()
    var outcome: IngestOutcome?
    var failure: Error?
    try queue.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        // Without a journal there is no rollback: what a failed file wrote is deleted instead.
        let marks = canRollBack ? nil : try TraceRowWriter(db).marks()
        do {
          outcome = try store(first, then: source, in: db)
        } catch {
          guard let marks else { throw error }
          try TraceRowWriter(db).deleteRows(after: marks)
          failure = error
          return .commit
        }
        if case .stored = outcome { return .commit }
        // Without a journal there is no rollback; what must not stay was deleted already.
        return canRollBack ? .rollback : .commit
      }
    }
    if let failure { throw failure }
    return outcome!
  }

  /// How many issues of a file are stored one by one; of the rest, one row per kind says how
  /// many there were (docs/schema.md).
  static let storedIssueLimit = 1000

  /// Reads the items into the open transaction.
  private func store(
    _ first: IngestItem?, then source: IngestItemSource, in db: Database
  ) throws -> IngestOutcome {
    let writer = try TraceRowWriter(db)
    var summary = IngestSummary(path: path)
    // The trace row is written with the first thing worth storing, so that a file rejected at
    // its first line leaves nothing behind (a bulk load cannot roll back).
    var storedTraceID: Int64?
    func traceID() throws -> Int64 {
      if let storedTraceID { return storedTraceID }
      let id = try writer.startTrace(path: path)
      storedTraceID = id
      summary.traceID = id
      return id
    }
    var nextObjectID = try writer.nextObjectID()
    var storedIssues = 0
    var warnedNameLimit = false
    /// Issues past ``storedIssueLimit``, per kind: how many, and the first one.
    var unstored: [IngestIssue.Kind: (count: Int, first: IngestIssue, session: Int64?)] = [:]
    func record(_ issue: IngestIssue) throws {
      if storedIssues < Self.storedIssueLimit {
        storedIssues += 1
        try writer.insert(issue, trace: try traceID(), session: session?.id)
      } else {
        unstored[issue.kind, default: (0, issue, session?.id)].count += 1
      }
      if issue.severity == .error { summary.errors += 1 } else { summary.warnings += 1 }
      lastLine = max(lastLine, issue.line)
      onIssue(issue)
    }
    var session: (id: Int64, idBase: Int64, events: Int, symbols: SessionSymbols)?
    var lastLine = 0

    func closeSession(cutShort: Bool) throws {
      guard let open = session else { return }
      try writer.finishSession(
        open.id, lastLine: lastLine, events: open.events, cutShort: cutShort, symbols: open.symbols, idBase: open.idBase
      )
      nextObjectID += Int64(open.symbols.count)
    }

    var next = first
    while let item = next {
      switch item {
      case .event(let event):
        if let open = session {
          try writer.insert(
            event, session: open.id, idBase: open.idBase, record: source.record, stored: source.storedRecord)
          if !warnedNameLimit, let line = writer.reachedUnknownNameLimit {
            warnedNameLimit = true
            try record(
              IngestIssue(
                .tooManyNames, line: line,
                "more than \(TraceRowWriter.unknownNameLimit) distinct unknown event names in this file: the events of "
                  + "the others are stored as \"\(TraceRowWriter.otherUnknownName)\" (json_extract(record, '$.ev') "
                  + "has their name)"))
          }
          session!.events += 1
          summary.events += 1
          lastLine = event.line
          if summary.events & 0xFFFF == 0 { onProgress(source.bytesRead, summary.events) }
        }
      case .session(let header, let line, let text, let symbols):
        try closeSession(cutShort: false)
        summary.sessions += 1
        let id = try writer.startSession(
          trace: try traceID(), ordinal: summary.sessions, line: line, header: header, text: text)
        session = (id, nextObjectID, 0, symbols)
        lastLine = line
      case .issue(let issue):
        if issue.kind == .missingHeader {
          source.cancel()
          return .rejected(issue)
        }
        try record(issue)
      case .findings(let findings):
        if let open = session, let checkedRules {
          try AnomalyWriter(db: db, rules: checkedRules).replace(session: open.id, trace: try traceID(), with: findings)
        }
        for finding in findings {
          summary.findings[finding.severity, default: 0] += 1
          onFinding(finding)
        }
      }
      next = try source.next()
    }
    guard let end = source.end else { preconditionFailure("a decoding that returned nil has ended") }
    summary.truncated = end.cutShort
    summary.unverifiedFromLine = end.unverifiedFromLine
    try closeSession(cutShort: end.cutShort)
    for (kind, rest) in unstored.sorted(by: { $0.value.first.line < $1.value.first.line }) {
      let count = IngestIssue(
        kind, line: rest.first.line,
        "\(rest.count) more \(kind.rawValue) issues from line \(rest.first.line) on are counted, not stored one by one "
          + "(the first \(Self.storedIssueLimit) issues of a file are); the first: \(rest.first.message)")
      try writer.insert(count, trace: try traceID(), session: rest.session)
    }
    summary.lines = end.lines
    summary.compression = end.compression
    summary.kind = end.kind
    // The one duplicate check: the content is known once it has all been read.
    (summary.sha256, summary.size) = end.content
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
