import Replay
import TraceIngest
import TraceModel
import TraceStore

/// What `traceq ingest` prints and counts as it stores files: each file's issues (up to the
/// run's limit), its summary line, the progress line, the findings of `--check`, and the total.
final class IngestReport {
  private let run: IngestRun
  private var total: IngestSummary
  private var stored = 0
  private var skipped = 0
  private var tally = FindingTally()
  private var triage: FindingTriage?
  private let progress = ProgressLine()
  /// The file being stored, and how many of its issues were found.
  private var path = ""
  private var shown = 0

  init(run: IngestRun) {
    self.run = run
    total = IngestSummary(path: run.databasePath)
    triage = run.check.map { FindingTriage(policy: $0.policy, sources: $0.sources) }
  }

  /// How to store the file at `path`: its issues, progress and findings come here.
  func ingestion(of path: String) -> TraceIngestion {
    self.path = path
    shown = 0
    var ingestion = TraceIngestion(path: path, force: run.force)
    ingestion.onIssue = { [unowned self] issue in
      shown += 1
      guard shown <= run.issueLimit else { return }
      progress.clear()
      run.errorOutput(Diagnostic.line(path: path, issue))
    }
    let meter = ProgressText(path: path)
    ingestion.onProgress = { [unowned self] bytes, events in
      progress.update(meter.text(bytes: bytes, events: events))
    }
    if let check = run.check {
      ingestion.checkedRules = check.policy.rules.reportedIDs
      ingestion.onFinding = { [unowned self] finding in
        progress.clear()
        triage?.deliver(finding, file: path, tally: &tally, to: check.reporter)
      }
    }
    return ingestion
  }

  /// Reports how storing the current file ended; returns what it adds to the run's status.
  func record(_ outcome: IngestOutcome) -> ExitStatus {
    progress.clear()
    switch outcome {
    case .stored(let summary):
      stored += 1
      total.add(summary)
      if shown > run.issueLimit {
        run.errorOutput(
          "\(TerminalText.lineStart(path)): note: \(shown - run.issueLimit) more issues are stored: traceq query "
            + "\"SELECT line, severity, message FROM ingest_errors WHERE trace_id = \(summary.traceID)\"")
      }
      if !run.quiet { run.output(Self.describe(summary)) }
      tally.files += 1
      tally.sessions += summary.sessions
      tally.events += summary.events
      return .findings(if: summary.errors > 0)
    case .skipped(let path, let existing):
      skipped += 1
      if !run.quiet {
        let origin = existing == path ? "" : " (as \(TerminalText.escaped(existing)))"
        run.output("\(TerminalText.lineStart(path)): skipped, already stored\(origin); --force replaces it")
      }
      return .clean
    case .rejected(let issue):
      run.errorOutput(Diagnostic.line(path: path, issue))
      return .unusable
    }
  }

  /// The current file could not be stored: `line` says why.
  func failed(_ line: String) {
    progress.clear()
    run.errorOutput(TerminalText.escaped(line))  // one line, whatever the file's name
  }

  /// Prints the total and ends `--check`'s report; returns what its findings add to the status.
  func finish() -> ExitStatus {
    let database = TraceStores.at(run.databasePath).location
    run.output(Self.describeTotal(total, files: stored, skipped: skipped, database: database))
    guard let check = run.check else { return .clean }
    check.reporter.finish(tally)
    return .findings(if: tally.fails(at: check.policy.failingSeverity))
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
    return "\(TerminalText.lineStart(summary.path)): \(parts.joined(separator: ", "))"
  }

  static func describeTotal(_ total: IngestSummary, files: Int, skipped: Int, database: String) -> String {
    var text = "stored \(Plural.count(files, "file"))"
    if skipped > 0 { text += ", skipped \(skipped)" }
    text += ": \(Plural.count(total.events, "event")), \(Plural.count(total.sessions, "session")), "
    text +=
      "\(Plural.count(total.errors, "error")), \(Plural.count(total.warnings, "warning")) in \(TerminalText.escaped(database))"
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
