import Foundation
import Replay
import TraceIngest
import TraceModel
import TraceStore

/// `traceq ingest`: stores each file and reports per file and in total.
struct IngestRun {
  var databasePath: String
  var inputs: [String]
  var force = false
  var quiet = false
  /// Issues printed per file before the rest are summarised.
  var issueLimit = 20
  /// Replay while storing (`--check`).
  var check: Check?
  /// Files decoded at once, ahead of the one being stored (1: everything on this thread).
  var jobs = 1
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  /// How `--check` replays and reports: the rules and verdicts of the configuration merged
  /// with the flags, as `traceq check` uses them.
  struct Check {
    var policy: CheckPolicy
    var reporter: FindingReporter
    /// With `--source-root`: the class declarations findings point at.
    var sources: SourceIndex? = nil
  }

  /// Runs the ingest; returns the exit status (`clean` stored, `findings` lines with errors or
  /// failing findings, `unusable` unreadable input or a database that cannot be written).
  func execute() throws -> ExitStatus {
    // With --check, the configuration's file selection applies as it does to `check`, so that
    // both (and a later `check --db`) see the same files.
    let listing = TraceFiles.list(inputs, selection: check?.policy.fileSelection ?? TraceFiles.Selection())
    var status = listing.announce(
      inputs: inputs, policy: check?.policy, omission: "not stored or checked", to: errorOutput)
    guard !listing.files.isEmpty else { return .unusable }
    let report = IngestReport(run: self)
    do {
      let writer = try TraceStores.at(databasePath).openWriter()
      try FileIngest(files: listing.files, rules: check?.policy.rules, jobs: jobs).run(
        into: writer, ingestion: report.ingestion(of:),
        stored: { _, outcome in
          switch outcome {
          case .success(let outcome): status = max(status, report.record(outcome))
          case .failure(let error):
            report.failed(error.description)
            status = .unusable
          }
        })
      try writer.finish()
    } catch let error as StoreError {
      // The store failed: what was stored before stays (in a database that existed), nothing more can be.
      report.failed(error.message)
      return .unusable
    }
    return max(status, report.finish())
  }
}
