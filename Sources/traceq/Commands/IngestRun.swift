import Foundation
import Replay
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
    let database: IngestDatabase
    do {
      database = try IngestDatabase(path: databasePath)
    } catch let error as StoreError {
      errorOutput(error.description)
      return .unusable
    }
    let report = IngestReport(run: self)
    let sources = DecodingSources(files: listing.files, rules: check?.policy.rules, jobs: jobs)
    for (index, path) in listing.files.enumerated() {
      let ingestion = report.ingestion(of: path)
      do {
        status = max(status, report.record(try database.store(try sources.source(for: index), as: ingestion)))
      } catch let error as TraceReadError {
        report.failed(error.description)
        status = .unusable
      } catch {
        // The database failed: what was stored stays, nothing more can be.
        report.failed(database.failure(error, storing: path).description)
        return .unusable
      }
    }
    do {
      try database.finish()
    } catch {
      errorOutput("\(error)")
      return .unusable
    }
    return max(status, report.finish())
  }
}

/// The decodings of the files of an ingest: with one job, on the writer's thread; with more,
/// each on a thread of its own, up to `jobs` files ahead of the one being stored.
final class DecodingSources {
  private let files: [String]
  private let rules: RuleSet?
  private let jobs: Int
  private var started: [Int: IngestPipe] = [:]

  init(files: [String], rules: RuleSet?, jobs: Int) {
    self.files = files
    self.rules = rules
    self.jobs = jobs
  }

  /// The decoding of file `index`; files are asked for in order.
  func source(for index: Int) throws -> IngestItemSource {
    guard jobs > 1 else { return try TraceDecoding(path: files[index], rules: rules) }
    for ahead in index..<min(files.count, index + jobs) where started[ahead] == nil {
      let (path, rules) = (files[ahead], rules)
      started[ahead] = IngestPipe { try TraceDecoding(path: path, rules: rules) }
    }
    return started.removeValue(forKey: index)!
  }
}
