import Foundation
import Replay
import TraceModel
import TraceStore

/// `check --db`'s replay of stored sessions. A thread of its own reads a snapshot of the store
/// ahead of the replay (as `check` reads a file ahead), bounded in bytes; the caller's thread
/// decodes and replays the records; the findings are stored a few sessions at a time, each
/// time in one short unit of work. Neither side keeps a writer waiting: a `traceq ingest`
/// running meanwhile stores its files (which this check does not see).
package struct StoredCheck {
  package let store: any TraceStoreBackend
  package let rules: RuleSet
  /// Whether the sessions of the file at a stored path are replayed (asked on the reading
  /// thread).
  package let keeps: (_ path: String) -> Bool
  /// Findings are stored once this many sessions are waiting...
  static let sessionsPerWrite = 64
  /// ... or this many findings.
  static let findingsPerWrite = 4096

  package init(store: any TraceStoreBackend, rules: RuleSet, keeps: @escaping (_ path: String) -> Bool) {
    self.store = store
    self.rules = rules
    self.keeps = keeps
  }

  /// Replays every stored session the selection keeps, in file and line order.
  /// - Parameters:
  ///   - findings: where the findings are stored; nil reports them only (read-only media).
  ///   - note: what the user should know about how the store was opened.
  ///   - begin: the sessions to replay and the damage of their files, before the first.
  ///   - replayed: each session once replayed, in order, with its events, before its findings.
  ///   - found: each finding of that session, in line order (stored, or about to be).
  /// - Throws: ``StoreError`` when the store cannot be read or the findings cannot be stored.
  package func run(
    storingFindingsIn findings: (any FindingWriter)?, note: (String) -> Void,
    begin: (_ sessions: [StoredSession], _ damage: [Int64: [IngestIssue]]) -> Void,
    replayed: (_ session: StoredSession, _ events: Int) -> Void, found: (Finding) -> Void
  ) throws {
    let reading = StoredRecordsPipe(store: store, keeps: keeps)
    var pending = PendingFindings(writer: findings, rules: rules.reportedIDs)
    var sessions: [StoredSession] = []
    // The session being replayed: its replay (nil when its header is not a session header),
    // and where its findings go.
    var open: (session: StoredSession, collected: CollectedFindings)?
    var replay: StoredSessionReplay<CollectedFindings>?
    func finishCurrent() throws {
      guard let (session, collected) = open else { return }
      let events = replay?.finish(cutShort: session.cutShort).events ?? 0
      open = nil
      replay = nil
      replayed(session, events)
      try pending.begin(session)
      for finding in collected.findings ?? SessionFindings() {
        try pending.add(finding)
        found(finding)
      }
    }
    while let message = try reading.next() {
      switch message {
      case .note(let text): note(text)
      case .catalog(let catalog, let damage):
        sessions = catalog
        begin(catalog, damage)
      case .session(let index):
        try finishCurrent()
        let collected = CollectedFindings()
        open = (sessions[index], collected)
        replay = StoredSessionReplay(sessions[index], rules: rules, recyclesIDs: true, to: collected)
      case .records(let batch):
        if let replay { batch.forEachToDecode { replay.take($0) } }
      }
    }
    try finishCurrent()
    try pending.flush()
  }
}

/// The findings of sessions replayed and not yet stored: a session's first part replaces what
/// was stored for it, the parts after it (a session with many findings) add to it.
private struct PendingFindings {
  let writer: (any FindingWriter)?
  let rules: [String]
  var parts: [FindingsPart] = []
  var findings = 0

  /// A session's findings follow.
  mutating func begin(_ session: StoredSession) throws {
    guard writer != nil else { return }
    if parts.count >= StoredCheck.sessionsPerWrite { try flush() }
    parts.append(FindingsPart(session: session, findings: [], replaces: true))
  }

  /// A finding of the session begun last.
  mutating func add(_ finding: Finding) throws {
    guard writer != nil else { return }
    if findings >= StoredCheck.findingsPerWrite {
      let session = parts[parts.count - 1].session
      try flush()
      parts.append(FindingsPart(session: session, findings: [], replaces: false))
    }
    parts[parts.count - 1].findings.append(finding)
    findings += 1
  }

  mutating func flush() throws {
    guard let writer, !parts.isEmpty else { return }
    try writer.writeFindings(parts, rules: rules)
    parts.removeAll(keepingCapacity: true)
    findings = 0
  }
}

/// The findings of the session a driver ended, in line order.
private final class CollectedFindings: SessionObserver {
  var findings: SessionFindings?

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) { self.findings = findings }
}
