import Foundation
import Replay
import TraceModel

/// `traceq check FILES`: replays traces and reports what breaks UIKit's rules, as the policy
/// and the baseline say.
struct CheckRun {
  var inputs: [String]
  var triage: FindingTriage
  var reporter: FindingReporter
  var errorOutput: (String) -> Void = Terminal.error

  /// What a run ends with.
  struct Outcome {
    /// 0 nothing at or above the failing severity, 1 something, 2 unusable input.
    var status: Int32
    var tally: FindingTally
    /// The findings `--write-baseline` records.
    var recorded: Baseline?
  }

  init(
    inputs: [String], policy: CheckPolicy, baseline: Baseline? = nil, recordsBaseline: Bool = false,
    reporter: FindingReporter, errorOutput: @escaping (String) -> Void = Terminal.error
  ) {
    self.inputs = inputs
    triage = FindingTriage(policy: policy, baseline: baseline, recording: recordsBaseline)
    self.reporter = reporter
    self.errorOutput = errorOutput
  }

  func execute() -> Outcome {
    let policy = triage.policy
    let listing = TraceFiles.list(inputs, selection: policy.fileSelection)
    var status: Int32 = 0
    for path in listing.missing {
      errorOutput("\(path): error: no such file or directory")
      status = 2
    }
    for path in listing.excluded {
      errorOutput("\(path): note: not checked: excluded by \(policy.configuration.file ?? "the configuration")")
    }
    var tally = FindingTally()
    if listing.files.isEmpty && listing.missing.isEmpty {
      errorOutput("error: no trace files found in \(inputs.joined(separator: ", "))")
      return Outcome(status: 2, tally: tally, recorded: triage.recorded)
    }
    var triage = triage
    let checker = TraceChecker(rules: policy.rules)
    for path in listing.files {
      reporter.begin(file: path)
      do {
        let stream = try TraceStream(path: path)
        let summary = try checker.check(
          stream,
          onFinding: { finding in triage.deliver(finding, file: path, tally: &tally, to: reporter) },
          onIssue: { issue in
            tally.add(issue)
            reporter.report(issue: issue, file: path)
          })
        tally.files += 1
        tally.sessions += summary.sessions
        tally.events += summary.events
        if summary.rejected { status = 2 }
      } catch {
        errorOutput("\(error)")
        status = 2
      }
    }
    reporter.finish(tally)
    return Outcome(
      status: max(status, tally.fails(at: policy.failingSeverity) ? 1 : 0), tally: tally, recorded: triage.recorded)
  }
}
