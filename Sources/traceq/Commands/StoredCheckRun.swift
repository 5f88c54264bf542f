import Replay
import TraceIngest
import TraceModel
import TraceStore

/// `traceq check --db`: replays the stored sessions (``StoredCheck``), stores every finding of
/// the rules that ran (replacing earlier results for those sessions), and reports them as the
/// policy and the baseline say.
struct StoredCheckRun {
  var store: any TraceStoreBackend
  /// How many sessions are replayed at once.
  var jobs: Int
  var triage: FindingTriage
  var reporter: FindingReporter
  var errorOutput: (String) -> Void = Terminal.error
  /// Called after each session is replayed, before its findings are reported (tests pause the
  /// replay here).
  var onReplayed: (StoredSession) -> Void = { _ in }

  init(
    databasePath: String, jobs: Int, policy: CheckPolicy, baseline: Baseline? = nil, recordsBaseline: Bool = false,
    sources: SourceIndex? = nil, reporter: FindingReporter, errorOutput: @escaping (String) -> Void = Terminal.error
  ) {
    store = TraceStores.at(databasePath)
    self.jobs = jobs
    triage = FindingTriage(policy: policy, baseline: baseline, recording: recordsBaseline, sources: sources)
    self.reporter = reporter
    self.errorOutput = errorOutput
  }

  /// Replays and reports; a database that cannot be opened or read gives `unusable`.
  func execute() -> CheckRun.Outcome {
    var tally = FindingTally()
    guard store.exists else {
      errorOutput(StoreError.missing(location: store.location).message)
      return CheckRun.Outcome(status: .unusable, tally: tally, recorded: triage.recorded)
    }
    let policy = triage.policy
    var triage = triage
    var status = ExitStatus.clean
    do {
      let check = StoredCheck(
        store: store, rules: policy.rules, lanes: jobs, keeps: policy.fileSelection.keepsStored)
      var damage: [Int64: [IngestIssue]] = [:]
      // The session replayed last, whose findings come.
      var begun: StoredSession?
      try check.run(
        storingFindingsIn: try findingWriter(), note: errorOutput,
        begin: { sessions, damaged in
          tally.files = Set(sessions.map(\.traceID)).count
          damage = damaged
        },
        replayed: { session, events in
          tally.sessions += 1
          tally.events += events
          if begun?.traceID != session.traceID {
            reporter.begin(file: session.path)
            // A damaged file is reported as such again: its findings may be wrong.
            for issue in damage[session.traceID] ?? [] {
              tally.add(issue)
              reporter.report(issue: issue, file: session.path)
            }
          }
          begun = session
          onReplayed(session)
        },
        found: { finding in
          if let session = begun { triage.deliver(finding, file: session.path, tally: &tally, to: reporter) }
        })
    } catch let error as StoreError {
      errorOutput(error.message)
      status = .unusable
    } catch {
      errorOutput(TerminalText.escaped("error: cannot replay the sessions stored in \(store.location): \(error)"))
      status = .unusable
    }
    reporter.finish(tally)
    return CheckRun.Outcome(
      status: max(status, .findings(if: tally.fails(at: policy.failingSeverity))), tally: tally,
      recorded: triage.recorded)
  }

  /// Where the findings are stored; nil, with a note, when the store cannot be written
  /// (read-only media): they are reported only.
  private func findingWriter() throws -> (any FindingWriter)? {
    do {
      return try store.openFindingWriter()
    } catch StoreError.cannotOpen(_, let reason) {
      errorOutput(
        "note: \(TerminalText.escaped(store.location)) cannot be written (\(reason)): the findings are reported, "
          + "not stored in anomalies")
      return nil
    }
  }
}
