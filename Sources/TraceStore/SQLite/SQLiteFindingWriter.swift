import GRDB
import TraceModel

/// Stores findings in `anomalies`, each call in one short transaction.
final class SQLiteFindingWriter: FindingWriter {
  private let path: String
  private let queue: DatabaseQueue

  init(path: String, queue: DatabaseQueue) {
    self.path = path
    self.queue = queue
  }

  func replaceFindings(_ sessions: [(session: StoredSession, findings: [Finding])], rules: [String]) throws {
    do {
      try queue.write { db in
        let writer = AnomalyWriter(db: db, rules: rules)
        for (session, findings) in sessions {
          try writer.replace(session: session.id, trace: session.traceID, with: findings)
        }
      }
    } catch {
      throw StoreError.findingsNotStored(location: path, reason: StoreError.reason(error))
    }
  }
}
