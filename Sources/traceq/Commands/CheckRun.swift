import Foundation
import Replay
import TraceModel

/// `traceq check FILES`: replays traces and reports what breaks UIKit's rules, as the policy
/// and the baseline say.
struct CheckRun {
  var inputs: [String]
  /// How many files are checked at once.
  var jobs = 1
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
    inputs: [String], jobs: Int = 1, policy: CheckPolicy, baseline: Baseline? = nil, recordsBaseline: Bool = false,
    reporter: FindingReporter, errorOutput: @escaping (String) -> Void = Terminal.error
  ) {
    self.inputs = inputs
    self.jobs = jobs
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
    let files = listing.files
    func take(_ item: FileCheck.Item, from path: String) {
      switch item {
      case .finding(let finding): triage.deliver(finding, file: path, tally: &tally, to: reporter)
      case .issue(let issue):
        tally.add(issue)
        reporter.report(issue: issue, file: path)
      }
    }
    func close(_ path: String, _ outcome: FileCheck.Outcome) {
      switch outcome {
      case .checked(let summary):
        tally.files += 1
        tally.sessions += summary.sessions
        tally.events += summary.events
        if summary.rejected { status = 2 }
      case .unreadable(let reason):
        errorOutput(reason)
        status = 2
      }
    }
    if jobs <= 1 {
      // One file at a time, each finding reported as it is found.
      for path in files {
        reporter.begin(file: path)
        close(path, FileCheck.run(path, with: checker) { take($0, from: path) })
      }
    } else {
      // Files checked in parallel, their findings reported in file order.
      OrderedWork.run(
        count: files.count, jobs: jobs,
        work: { index in
          var check = FileCheck()
          check.outcome = FileCheck.run(files[index], with: checker) { check.items.append($0) }
          return check
        },
        deliver: { index, check in
          reporter.begin(file: files[index])
          for item in check.items { take(item, from: files[index]) }
          close(files[index], check.outcome)
        })
    }
    reporter.finish(tally)
    return Outcome(
      status: max(status, tally.fails(at: policy.failingSeverity) ? 1 : 0), tally: tally, recorded: triage.recorded)
  }
}

/// What checking one file found, in the order found, so that files checked in parallel can be
/// reported in file order.
struct FileCheck: Sendable {
  enum Item: Sendable {
    case finding(Finding)
    case issue(IngestIssue)
  }

  enum Outcome: Sendable {
    case checked(TraceChecker.Summary)
    case unreadable(String)
  }

  var items: [Item] = []
  var outcome = Outcome.unreadable("not checked")

  /// Checks the file at `path`, handing each finding and issue to `found` as it is found.
  static func run(_ path: String, with checker: TraceChecker, found: (Item) -> Void) -> Outcome {
    do {
      let stream = try TraceStream(path: path)
      return .checked(try checker.check(stream, onFinding: { found(.finding($0)) }, onIssue: { found(.issue($0)) }))
    } catch {
      return .unreadable("\(error)")
    }
  }
}
