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
  /// One session replayed.
  package struct Replayed {
    package var session: StoredSession
    /// Its findings, in line order.
    package var findings: [Finding]
    package var events: Int
  }

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
  ///   - replayed: each session once replayed, in order (its findings stored or about to be).
  /// - Throws: ``StoreError`` when the store cannot be read or the findings cannot be stored.
  package func run(
    storingFindingsIn findings: (any FindingWriter)?, note: (String) -> Void,
    begin: (_ sessions: [StoredSession], _ damage: [Int64: [IngestIssue]]) -> Void, replayed: (Replayed) -> Void
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
      let done = Replayed(session: session, findings: collected.findings, events: events)
      try pending.add(done)
      replayed(done)
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
        if let replay { batch.forEach { replay.take($0) } }
      }
    }
    try finishCurrent()
    try pending.flush()
  }
}

/// The findings of sessions replayed and not yet stored.
private struct PendingFindings {
  let writer: (any FindingWriter)?
  let rules: [String]
  var sessions: [(session: StoredSession, findings: [Finding])] = []
  var findings = 0

  mutating func add(_ replayed: StoredCheck.Replayed) throws {
    guard writer != nil else { return }
    sessions.append((replayed.session, replayed.findings))
    findings += replayed.findings.count
    if sessions.count >= StoredCheck.sessionsPerWrite || findings >= StoredCheck.findingsPerWrite { try flush() }
  }

  mutating func flush() throws {
    guard let writer, !sessions.isEmpty else { return }
    try writer.replaceFindings(sessions, rules: rules)
    sessions.removeAll(keepingCapacity: true)
    findings = 0
  }
}

/// The findings of the session a driver ended, in line order.
private final class CollectedFindings: SessionObserver {
  var findings: [Finding] = []

  func sessionEnded(_ session: DrivenSession, findings: [Finding]) { self.findings = findings }
}
