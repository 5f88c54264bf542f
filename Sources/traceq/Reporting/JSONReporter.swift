import Replay
import TraceModel

/// The findings as one versioned JSON document (``FindingDocument``), written when the run
/// ends: suppressed findings are included, marked with their suppression.
final class JSONReporter: FindingReporter {
  private let output: (String) -> Void
  private let context: ReportContext
  private var document = FindingDocument()

  init(output: @escaping (String) -> Void, context: ReportContext) {
    self.output = output
    self.context = context
  }

  func report(_ item: FileFinding) {
    document.findings.append(FindingDocument.Item(item))
  }

  func report(issue: IngestIssue, file: String) {
    document.issues.append(
      FindingDocument.Issue(
        file: file, line: issue.line, severity: issue.severity.rawValue, kind: issue.kind.rawValue,
        message: issue.message))
  }

  func report(crossCheck: [CrossCheck.Entry], file: String) {
    document.crossCheck += crossCheck.map { FindingDocument.CrossCheckRow($0, file: file) }
  }

  func finish(_ tally: FindingTally) {
    document.summary = FindingDocument.Summary(tally, failingSeverity: context.failingSeverity)
    output(SortedJSON.text(document))
  }
}
