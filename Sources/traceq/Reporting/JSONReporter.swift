import Replay
import TraceModel

/// The findings as one versioned JSON document (``FindingDocument``): suppressed findings are
/// included, marked with their suppression. The findings, issues and cross-check rows are
/// written as they come (``JSONArraySpool``), the document around them when the run ends.
final class JSONReporter: FindingReporter {
  private let output: (String) -> Void
  private let context: ReportContext
  private let crossCheck: JSONArraySpool
  private let findings: JSONArraySpool
  private let issues: JSONArraySpool

  init(output: @escaping (String) -> Void, context: ReportContext) {
    self.output = output
    self.context = context
    let empty = SortedJSON.text(FindingDocument())
    crossCheck = JSONArraySpool(indent: JSONArraySpool.indent(of: "cross_check", in: empty))
    findings = JSONArraySpool(indent: JSONArraySpool.indent(of: "findings", in: empty))
    issues = JSONArraySpool(indent: JSONArraySpool.indent(of: "issues", in: empty))
  }

  func report(_ item: FileFinding) {
    findings.append(FindingDocument.Item(item))
  }

  func report(issue: IngestIssue, file: String) {
    issues.append(
      FindingDocument.Issue(
        file: file, line: issue.line, severity: issue.severity.rawValue, kind: issue.kind.rawValue,
        message: issue.message))
  }

  func report(crossCheck entries: [CrossCheck.Entry], file: String) {
    for entry in entries { crossCheck.append(FindingDocument.CrossCheckRow(entry, file: file)) }
  }

  func finish(_ tally: FindingTally) {
    var document = FindingDocument()
    document.summary = FindingDocument.Summary(tally, failingSeverity: context.failingSeverity)
    JSONArraySpool.write(
      SortedJSON.text(document), into: [("cross_check", crossCheck), ("findings", findings), ("issues", issues)],
      to: output)
  }
}
