import Foundation
import GRDB
import Replay
import TraceModel

/// `traceq check --db`: replays the stored sessions, writes every finding of the rules that
/// ran to `anomalies` (replacing earlier results for those sessions), and reports them as
/// the policy and the baseline say.
struct StoredCheckRun {
  var databasePath: String
  var triage: FindingTriage
  var reporter: FindingReporter
  var errorOutput: (String) -> Void = Terminal.error

  init(
    databasePath: String, policy: CheckPolicy, baseline: Baseline? = nil, recordsBaseline: Bool = false,
    sources: SourceIndex? = nil, reporter: FindingReporter, errorOutput: @escaping (String) -> Void = Terminal.error
  ) {
    self.databasePath = databasePath
    triage = FindingTriage(policy: policy, baseline: baseline, recording: recordsBaseline, sources: sources)
    self.reporter = reporter
    self.errorOutput = errorOutput
  }

  /// Replays and reports; a database that cannot be opened or read gives status 2.
  func execute() -> CheckRun.Outcome {
    var tally = FindingTally()
    guard FileManager.default.fileExists(atPath: databasePath) else {
      errorOutput(StoreError.missing(path: databasePath).description)
      return CheckRun.Outcome(status: 2, tally: tally, recorded: triage.recorded)
    }
    let policy = triage.policy
    let selection = policy.fileSelection
    var triage = triage
    var status: Int32 = 0
    do {
      let (queue, writes) = try open()
      func replay(_ db: Database) throws {
        let stored = StoredSessions(db: db)
        let sessions = try stored.all()
        tally.files = Set(sessions.map(\.traceID)).count
        var begun: Int64?
        for session in sessions {
          let (findings, events) = try stored.replay(session, rules: policy.rules)
          if writes {
            try AnomalyWriter(db: db, rules: policy.rules.reportedIDs).replace(
              session: session.id, trace: session.traceID, with: findings)
          }
          tally.sessions += 1
          tally.events += events
          guard !selection.excludes(session.path) else { continue }
          if begun != session.traceID {
            reporter.begin(file: session.path)
            begun = session.traceID
          }
          for finding in findings {
            triage.deliver(finding, file: session.path, tally: &tally, to: reporter)
          }
        }
      }
      if writes { try queue.write(replay) } else { try queue.read(replay) }
    } catch let error as StoreError {
      errorOutput(error.description)
      status = 2
    } catch {
      errorOutput("error: cannot replay the sessions stored in \(databasePath): \(StoreError.reason(error))")
      status = 2
    }
    reporter.finish(tally)
    return CheckRun.Outcome(
      status: max(status, tally.fails(at: policy.failingSeverity) ? 1 : 0), tally: tally, recorded: triage.recorded)
  }

  /// The database, for writing its anomalies; when it cannot be written (read-only media), for
  /// reading only, with a note that the findings are reported but not stored.
  private func open() throws -> (DatabaseQueue, writes: Bool) {
    do {
      return (try TraceStore.openForWriting(path: databasePath), true)
    } catch StoreError.cannotOpen(_, let reason) {
      let queue = try TraceStore.openReadOnly(path: databasePath, note: { _ in })
      errorOutput(
        "note: \(databasePath) cannot be written (\(reason)): the findings are reported, not stored in anomalies")
      return (queue, false)
    }
  }
}
