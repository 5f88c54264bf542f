import Replay
import TraceModel

/// A finding of a rule in a file.
struct FileFinding {
  var file: String
  var finding: Finding
  /// The `.traceq.yml` suppression that accepts it: reporters that carry suppressions (JSON,
  /// SARIF, JUnit) mark it, the others leave it out.
  var suppression: Suppression? = nil
  /// With `--source-root`: where the finding is in the app's code (``SourcePlace``), its primary
  /// location in the `text`, `github`, `sarif` (and other) reports; the trace's line is then
  /// where it was recorded.
  var source: SourcePlace? = nil

  /// Where the finding is reported: the app's code, or else the trace's line.
  var location: (file: String, line: Int) { source.map { ($0.file, $0.line) } ?? (file, finding.line) }

  /// `in -[BNRDetailViewController takePicture:], recorded at TRACE:LINE` when the finding is
  /// reported in the app's code; the crash report's frame, when there is one and no sources.
  var recordedAt: String? {
    guard let source else { return finding.frame.map { "at \($0) (the app's first frame in the backtrace)" } }
    return (source.method.map { "in \($0), " } ?? "") + "recorded at \(file):\(finding.line)"
  }
}

/// Counts per severity and per rule, for summaries and exit codes.
struct FindingTally {
  private(set) var bySeverity: [Severity: Int] = [:]
  private(set) var byRule: [String: (severity: Severity, count: Int)] = [:]
  var files = 0
  var sessions = 0
  var events = 0
  /// Findings a suppression accepted (not in the counts above).
  var suppressed = 0
  /// Findings the baseline already held (not in the counts above).
  var baselined = 0
  /// Issues with the traces' lines (invalid records, cut-short files).
  private(set) var inputIssues: [Severity: Int] = [:]
  /// How many files were read as each kind (traces, console logs, crash reports).
  var kinds: [InputKind: Int] = [:]

  mutating func add(_ finding: Finding) {
    bySeverity[finding.severity, default: 0] += 1
    byRule[finding.ruleID, default: (finding.severity, 0)].count += 1
  }

  mutating func add(_ issue: IngestIssue) {
    inputIssues[issue.severity, default: 0] += 1
  }

  func count(_ severity: Severity) -> Int { bySeverity[severity] ?? 0 }

  /// How many issues with the traces' lines had this severity.
  func inputCount(_ severity: Severity) -> Int { inputIssues[severity] ?? 0 }

  /// True when something at or above `severity` was found (input issues included).
  func fails(at severity: Severity) -> Bool {
    Severity.allCases.contains { $0 >= severity && (count($0) > 0 || (inputIssues[$0] ?? 0) > 0) }
  }
}

/// Writes the findings of a check in one format.
protocol FindingReporter: AnyObject {
  /// A trace file is about to be checked (its findings follow).
  func begin(file: String)
  /// A finding, in file order.
  func report(_ finding: FileFinding)
  /// A problem with a trace's bytes or lines.
  func report(issue: IngestIssue, file: String)
  /// The cross-check of a session with both recorded events and UIKit diagnostics.
  func report(crossCheck: [CrossCheck.Entry], file: String)
  /// The end of the run.
  func finish(_ tally: FindingTally)
}

extension FindingReporter {
  func begin(file: String) {}
  func report(crossCheck: [CrossCheck.Entry], file: String) {}
}

/// What reporters know of the run besides its findings.
struct ReportContext {
  /// The lowest severity that fails the run.
  var failingSeverity: Severity = .error
  /// The rules that ran, with their severities.
  var rules: RuleSet = RuleSet()
  /// Whether only findings missing from a baseline are reported.
  var usesBaseline = false
  /// Whether the text report ends with the cross-check table (`--cross-check`).
  var showsCrossCheck = false
}
