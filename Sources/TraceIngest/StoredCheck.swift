import Foundation
import Replay
import TraceModel
import TraceStore

/// `check --db`'s replay of stored sessions, on several cores (``StoredReplayLanes``): each
/// lane reads a snapshot of the store ahead of its replay (as `check` reads a file ahead),
/// bounded in bytes; the caller's thread gets the sessions' findings in file and line order and
/// stores them a few sessions at a time, each time in one short unit of work. Neither side keeps
/// a writer waiting: a `traceq ingest` running meanwhile stores its files (which this check does
/// not see).
package struct StoredCheck {
  package let store: any TraceStoreBackend
  package let rules: RuleSet
  /// Whether the sessions of the file at a stored path are replayed (asked on a reading thread).
  package let keeps: (_ path: String) -> Bool
  /// How many sessions are replayed at once (1 to ``mostLanes``).
  package let lanes: Int
  /// The most lanes: each opens a connection of its own (a PostgreSQL server's
  /// `max_connections` is shared by every runner), and past a few the store's reading and the
  /// findings' writing on one thread bound the speed.
  static let mostLanes = 8
  /// Findings are stored once this many sessions are waiting...
  static let sessionsPerWrite = 64
  /// ... or this many findings.
  static let findingsPerWrite = 4096

  package init(store: any TraceStoreBackend, rules: RuleSet, lanes: Int, keeps: @escaping (_ path: String) -> Bool) {
    self.store = store
    self.rules = rules
    self.lanes = min(max(lanes, 1), Self.mostLanes)
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
    let lanes = StoredReplayLanes(store: store, rules: rules, lanes: lanes, keeps: keeps)
    defer { lanes.stop() }
    let catalog = try lanes.catalog()
    catalog.notes.forEach(note)
    begin(catalog.sessions, catalog.damage)
    var pending = PendingFindings(writer: findings, rules: rules.reportedIDs)
    for (index, session) in catalog.sessions.enumerated() {
      let outcome = try lanes.outcome(of: index)
      replayed(session, outcome.events)
      try pending.begin(session)
      for finding in outcome.findings ?? SessionFindings() {
        try pending.add(finding)
        found(finding)
      }
    }
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
