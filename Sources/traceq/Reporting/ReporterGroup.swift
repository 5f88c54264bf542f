import Replay
import TraceModel

/// Several reporters fed by one run, each writing to its own output (`--format sarif:a.sarif
/// --format text`).
final class ReporterGroup: FindingReporter {
  private let reporters: [FindingReporter]
  private let outputs: [ReportOutput]

  init(_ entries: [(reporter: FindingReporter, output: ReportOutput)]) {
    reporters = entries.map(\.reporter)
    outputs = entries.map(\.output)
  }

  func begin(file: String) {
    for reporter in reporters { reporter.begin(file: file) }
  }

  func report(_ finding: FileFinding) {
    for reporter in reporters { reporter.report(finding) }
  }

  func report(issue: IngestIssue, file: String) {
    for reporter in reporters { reporter.report(issue: issue, file: file) }
  }

  func report(crossCheck: [CrossCheck.Entry], file: String) {
    for reporter in reporters { reporter.report(crossCheck: crossCheck, file: file) }
  }

  func finish(_ tally: FindingTally) {
    for reporter in reporters { reporter.finish(tally) }
  }

  /// Closes the files.
  /// - Throws: ``CommandFailure`` for the first file that could not be written.
  func close() throws(CommandFailure) {
    var first: CommandFailure?
    for output in outputs {
      do {
        try output.close()
      } catch {
        first = first ?? error
      }
    }
    if let first { throw first }
  }
}
