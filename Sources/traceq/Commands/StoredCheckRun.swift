import Foundation
import Replay
import TraceModel
import TraceStore

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

  /// Replays and reports; a database that cannot be opened or read gives `unusable`.
  func execute() -> CheckRun.Outcome {
    var tally = FindingTally()
    guard FileManager.default.fileExists(atPath: databasePath) else {
      errorOutput(StoreError.missing(path: databasePath).description)
      return CheckRun.Outcome(status: .unusable, tally: tally, recorded: triage.recorded)
    }
    let policy = triage.policy
    let selection = policy.fileSelection
    var triage = triage
    var status = ExitStatus.clean
    do {
      let readOnly = { (reason: String) in
        errorOutput(
          "note: \(databasePath) cannot be written (\(reason)): the findings are reported, not stored in anomalies")
      }
      try StoredSessions.update(path: databasePath, readOnly: readOnly) { stored in
        // The sessions of files the selection leaves out are neither replayed nor stored, as
        // `check` and `ingest --check` never read those files.
        let sessions = try stored.all().filter { selection.keepsStored($0.path) }
        let damage = try stored.damage()
        tally.files = Set(sessions.map(\.traceID)).count
        var begun: Int64?
        for session in sessions {
          let (findings, events) = try Self.replay(session, of: stored, rules: policy.rules)
          if stored.canWrite {
            try stored.replaceAnomalies(of: session, rules: policy.rules.reportedIDs, with: findings)
          }
          tally.sessions += 1
          tally.events += events
          if begun != session.traceID {
            reporter.begin(file: session.path)
            begun = session.traceID
            // A damaged file is reported as such again: its findings may be wrong.
            for issue in damage[session.traceID] ?? [] {
              tally.add(issue)
              reporter.report(issue: issue, file: session.path)
            }
          }
          for finding in findings {
            triage.deliver(finding, file: session.path, tally: &tally, to: reporter)
          }
        }
      }
    } catch let error as StoreError {
      errorOutput(error.description)
      status = .unusable
    } catch {
      errorOutput("error: cannot replay the sessions stored in \(databasePath): \(StoreError.reason(error))")
      status = .unusable
    }
    reporter.finish(tally)
    return CheckRun.Outcome(
      status: max(status, .findings(if: tally.fails(at: policy.failingSeverity))), tally: tally,
      recorded: triage.recorded)
  }

  /// Replays one stored session as ``StoredSessions/replay(_:rules:recyclesIDs:to:)`` does;
  /// returns its findings in line order, and its event count.
  private static func replay(_ session: StoredSession, of stored: StoredSessions, rules: RuleSet) throws -> (
    findings: [Finding], events: Int
  ) {
    let collected = CollectedFindings()
    let driven = try stored.replay(session, rules: rules, recyclesIDs: true, to: collected)
    return (collected.findings, driven?.events ?? 0)
  }
}

/// The findings of the session a driver ended, in line order.
private final class CollectedFindings: SessionObserver {
  var findings: [Finding] = []

  func sessionEnded(_ session: DrivenSession, findings: [Finding]) { self.findings = findings }
}
