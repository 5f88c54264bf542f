import Foundation
import GRDB
import Replay
import TraceModel

/// `traceq check --db`: replays the stored sessions, reports the findings and writes them to
/// `anomalies`, replacing earlier results for those sessions.
struct StoredCheckRun {
  var databasePath: String
  var rules: RuleSet
  var minSeverity: Severity = .note
  var failingSeverity: Severity = .error
  var reporter: FindingReporter
  var errorOutput: (String) -> Void = Terminal.error

  func execute() throws -> Int32 {
    guard FileManager.default.fileExists(atPath: databasePath) else {
      errorOutput(StoreError.missing(path: databasePath).description)
      return 2
    }
    let queue = try TraceStore.openForWriting(path: databasePath)
    var tally = FindingTally()
    try queue.write { db in
      let stored = StoredSessions(db: db)
      let sessions = try stored.all()
      tally.files = Set(sessions.map(\.traceID)).count
      for session in sessions {
        let (findings, events) = try stored.replay(session, rules: rules)
        try AnomalyWriter(db: db, rules: rules.ids).replace(session: session.id, trace: session.traceID, with: findings)
        let kept = findings.filter { $0.severity >= minSeverity }
        tally.sessions += 1
        tally.events += events
        for finding in kept {
          tally.add(finding)
          reporter.report(FileFinding(file: session.path, finding: finding))
        }
      }
    }
    reporter.finish(tally)
    return tally.fails(at: failingSeverity) ? 1 : 0
  }
}
