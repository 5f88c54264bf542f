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
  /// Where notes on what each log or crash report was read as go (`--verbose`: standard error,
  /// not the report); nil leaves them out.
  var noteOutput: ((String) -> Void)?

  /// What a run ends with.
  struct Outcome {
    /// `clean` nothing at or above the failing severity, `findings` something, `unusable`
    /// input that could not be read.
    var status: ExitStatus
    var tally: FindingTally
    /// The findings `--write-baseline` records.
    var recorded: Baseline?
  }

  init(
    inputs: [String], jobs: Int = 1, policy: CheckPolicy, baseline: Baseline? = nil, recordsBaseline: Bool = false,
    sources: SourceIndex? = nil, reporter: FindingReporter, errorOutput: @escaping (String) -> Void = Terminal.error,
    noteOutput: ((String) -> Void)? = nil
  ) {
    self.inputs = inputs
    self.jobs = jobs
    triage = FindingTriage(policy: policy, baseline: baseline, recording: recordsBaseline, sources: sources)
    self.reporter = reporter
    self.errorOutput = errorOutput
    self.noteOutput = noteOutput
  }

  func execute() -> Outcome {
    let policy = triage.policy
    let listing = TraceFiles.list(inputs, selection: policy.fileSelection)
    var status = listing.announce(inputs: inputs, policy: policy, to: errorOutput)
    var tally = FindingTally()
    if listing.files.isEmpty && listing.unreadable.isEmpty {
      return Outcome(status: .unusable, tally: tally, recorded: triage.recorded)
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
      case .crossCheck(let entries):
        reporter.report(crossCheck: entries, file: path)
      }
    }
    func close(_ path: String, _ outcome: FileCheck.Outcome) {
      switch outcome {
      case .checked(let summary):
        tally.files += 1
        tally.sessions += summary.sessions
        tally.events += summary.events
        if let kind = summary.kind { tally.kinds[kind, default: 0] += 1 }
        if summary.rejected { status = .unusable }
        if let noteOutput, let kind = summary.kind, kind != .trace, !summary.rejected {
          noteOutput(
            "\(TerminalText.lineStart(path)): read as \(kind.rawValue): \(Plural.count(summary.diagnostics, "UIKit diagnostic"))"
          )
        }
      case .unreadable(let reason):
        errorOutput(TerminalText.escaped(reason))  // one line, whatever the file's name
        status = .unusable
      }
    }
    // Files checked `jobs` at a time; findings reported in file order, the current file's as
    // they are found. Cores left over decompress ahead of the replay.
    let readsAhead = jobs > files.count
    OrderedStreams.run(
      count: files.count, jobs: jobs,
      produce: { index, send in FileCheck.run(files[index], with: checker, readsAhead: readsAhead, found: send) },
      begin: { reporter.begin(file: files[$0]) },
      receive: { take($1, from: files[$0]) },
      finish: { close(files[$0], $1) })
    reporter.finish(tally)
    return Outcome(
      status: max(status, .findings(if: tally.fails(at: policy.failingSeverity))), tally: tally,
      recorded: triage.recorded)
  }
}

/// Checking one file: what it finds, as it finds it, and how it ends.
enum FileCheck {
  enum Item: Sendable {
    case finding(Finding)
    case issue(IngestIssue)
    case crossCheck([CrossCheck.Entry])
  }

  enum Outcome: Sendable {
    case checked(TraceChecker.Summary)
    case unreadable(String)
  }

  /// Checks the file at `path`, handing each finding and issue to `found` as it is found;
  /// `readsAhead` decompresses it on a thread of its own.
  static func run(
    _ path: String, with checker: TraceChecker, readsAhead: Bool, found: (Item) -> Void
  ) -> Outcome {
    do {
      let stream = try TraceFiles.stream(path, readsAhead: readsAhead)
      return .checked(
        try checker.check(
          stream, onFinding: { found(.finding($0)) }, onIssue: { found(.issue($0)) },
          onCrossCheck: { found(.crossCheck($0)) }))
    } catch {
      return .unreadable("\(error)")
    }
  }
}
