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

  /// Runs the ingest; returns the exit status (0 stored, 1 lines with errors or failing
  /// findings, 2 unreadable input).
  func execute() throws -> Int32 {
    let listing = TraceFiles.list(inputs)
    let files = listing.files
    var status: Int32 = 0
    for line in listing.unreadable {
      errorOutput(line)
      status = 2
    }
    for line in listing.notes { errorOutput(line) }
    if files.isEmpty {
      if listing.unreadable.isEmpty {
        errorOutput("error: no trace files found in \(inputs.map { TerminalText.escaped($0) }.joined(separator: ", "))")
      }
      return 2
    }
    let database: IngestDatabase
    do {
      database = try IngestDatabase(path: databasePath)
    } catch let error as StoreError {
      errorOutput(error.description)
      return 2
    }
    var total = IngestSummary(path: databasePath)
    var stored = 0
    var skipped = 0
    var tally = FindingTally()
    var triage = check.map { FindingTriage(policy: $0.policy, sources: $0.sources) }
    let progress = ProgressLine()
    let sources = DecodingSources(files: files, rules: check?.policy.rules, jobs: jobs)
    for (index, path) in files.enumerated() {
      var shown = 0
      var ingestion = TraceIngestion(path: path, force: force)
      ingestion.onIssue = { issue in
        shown += 1
        guard shown <= issueLimit else { return }
        progress.clear()
        errorOutput(Diagnostic.line(path: path, issue))
      }
      let meter = ProgressText(path: path)
      ingestion.onProgress = { bytes, events in
        progress.update(meter.text(bytes: bytes, events: events))
      }
      if let check {
        ingestion.checkedRules = check.policy.rules.reportedIDs
        ingestion.onFinding = { finding in
          progress.clear()
          triage?.deliver(finding, file: path, tally: &tally, to: check.reporter)
        }
      }
      do {
        let outcome = try database.store(try sources.source(for: index), as: ingestion)
        progress.clear()
        switch outcome {
        case .stored(let summary):
          stored += 1
          total.add(summary)
          if shown > issueLimit {
            errorOutput(
              "\(path): note: \(shown - issueLimit) more issues are stored: traceq query "
                + "\"SELECT line, severity, message FROM ingest_errors WHERE trace_id = \(summary.traceID)\"")
          }
          if !quiet { output(Self.describe(summary)) }
          if summary.errors > 0 { status = max(status, 1) }
          tally.files += 1
          tally.sessions += summary.sessions
          tally.events += summary.events
        case .skipped(let path, let existing):
          skipped += 1
          if !quiet {
            let origin = existing == path ? "" : " (as \(existing))"
            output("\(path): skipped, already stored\(origin); --force replaces it")
          }
        case .rejected(let issue):
          errorOutput(Diagnostic.line(path: path, issue))
          status = 2
        }
      } catch let error as TraceReadError {
        progress.clear()
        errorOutput(TerminalText.escaped(error.description))  // one line, whatever the file's name
        status = 2
      } catch {
        progress.clear()
        errorOutput(TerminalText.escaped(database.failure(error, storing: path).description))
        return 2
      }
    }
    do {
      try database.finish()
    } catch {
      errorOutput("\(error)")
      return 2
    }
    output(Self.describeTotal(total, files: stored, skipped: skipped, database: databasePath))
    if let check {
      check.reporter.finish(tally)
      if tally.fails(at: check.policy.failingSeverity) { status = max(status, 1) }
    }
    return status
  }

  static func describe(_ summary: IngestSummary) -> String {
    var parts = [
      Plural.count(summary.events, "event"), Plural.count(summary.sessions, "session"),
      Plural.count(summary.errors, "error"), Plural.count(summary.warnings, "warning"),
    ]
    let found = summary.findings.values.reduce(0, +)
    if found > 0 { parts.append(Plural.count(found, "finding")) }
    if summary.truncated { parts.append("cut short") }
    if summary.kind != .trace { parts.append("read as \(summary.kind.rawValue)") }
    if let replaced = summary.replaced { parts.append("replaced \(replaced)") }
    return "\(summary.path): \(parts.joined(separator: ", "))"
  }

  static func describeTotal(_ total: IngestSummary, files: Int, skipped: Int, database: String) -> String {
    var text = "stored \(Plural.count(files, "file"))"
    if skipped > 0 { text += ", skipped \(skipped)" }
    text += ": \(Plural.count(total.events, "event")), \(Plural.count(total.sessions, "session")), "
    text += "\(Plural.count(total.errors, "error")), \(Plural.count(total.warnings, "warning")) in \(database)"
    return text
  }
}

extension IngestSummary {
  mutating func add(_ other: IngestSummary) {
    lines += other.lines
    sessions += other.sessions
    events += other.events
    errors += other.errors
    warnings += other.warnings
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
