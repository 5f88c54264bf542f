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

  func writeFindings(_ parts: [FindingsPart], rules: [String]) throws {
    do {
      try queue.write { db in
        let writer = try AnomalyWriter(db: db, rules: rules)
        for part in parts {
          let session = part.session
          if part.replaces { try writer.delete(session: session.id) }
          try writer.insert(session: session.id, trace: session.traceID, part.findings)
        }
      }
    } catch {
      throw StoreError.findingsNotStored(location: path, reason: StoreError.reason(error))
    }
  }
}
