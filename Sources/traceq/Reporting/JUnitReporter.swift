import Replay
import TraceModel

/// JUnit XML as Jenkins, GitLab and GitHub test reporters read it: one `<testsuite>` per
/// trace file. Each finding is a `<testcase>` named after its identity (rule and message
/// shape, so that the same finding keeps its name when the scenario is recorded again) with
/// `file` and `line` attributes (the class's declaration with `--source-root`); it has a `<failure>` when its severity fails the run, and
/// passes with the diagnostic as `<system-out>` otherwise. A suppressed finding is
/// `<skipped>` with the reason; a problem with the trace's lines is an `<error>`; a file
/// without any of these is one passing test case, `replay`.
///
/// A suite's counts come before its cases, and the run's before the suites: cases are written
/// to a ``Spool`` as they come, the suite's element around them when its file is done, and the
/// document around the suites at the end.
final class JUnitReporter: FindingReporter {
  private let output: (String) -> Void
  private let context: ReportContext
  /// The suite of the file being reported.
  private var suite: Suite?
  /// The suites done, and the counts of their cases.
  private let suites = Spool()
  private var totals: [Outcome.Kind: Int] = [:]

  private struct Suite {
    var file: String
    var cases = Spool()
    var counts: [Outcome.Kind: Int] = [:]
    /// How many cases of each name the suite has (names that repeat are numbered).
    var names: [String: Int] = [:]

    var tests: Int { counts.values.reduce(0, +) }
    func count(_ outcome: Outcome.Kind) -> Int { counts[outcome] ?? 0 }
  }

  private struct Case {
    var name: String
    var line: Int?
    var outcome: Outcome
    /// The `file` attribute when it is not the suite's trace: the declaration of the
    /// finding's class, with `--source-root`.
    var source: String? = nil
  }

  private enum Outcome {
    case passed(output: String?)
    case failure(type: String, message: String, detail: String)
    case error(type: String, message: String, detail: String)
    case skipped(message: String)

    enum Kind { case passed, failure, error, skipped }

    var kind: Kind {
      switch self {
      case .passed: .passed
      case .failure: .failure
      case .error: .error
      case .skipped: .skipped
      }
    }
  }

  init(output: @escaping (String) -> Void, context: ReportContext) {
    self.output = output
    self.context = context
  }

  func begin(file: String) {
    guard suite?.file != file else { return }
    finishSuite()
    suite = Suite(file: file)
  }

  func report(_ item: FileFinding) {
    let finding = item.finding
    let identity = FindingIdentity(finding)
    let location = item.location
    let diagnostic =
      Diagnostic.line(
        path: location.file, location.line, finding.severity.rawValue, finding.message, id: finding.ruleID)
      + (item.recordedAt.map { "\n" + $0 } ?? "")
    let outcome: Outcome
    if let suppression = item.suppression {
      outcome = .skipped(message: "suppressed" + (suppression.reason.map { ": \($0)" } ?? ""))
    } else if finding.severity >= context.failingSeverity {
      outcome = .failure(type: finding.ruleID, message: finding.message, detail: diagnostic + "\nhint: " + finding.hint)
    } else {
      outcome = .passed(output: diagnostic + "\nhint: " + finding.hint)
    }
    add(
      Case(
        name: "\(identity.rule): \(identity.message)", line: location.line, outcome: outcome, source: item.source?.file),
      file: item.file)
  }

  func report(issue: IngestIssue, file: String) {
    let diagnostic = Diagnostic.line(path: file, issue)
    add(
      Case(
        name: "\(issue.kind.rawValue): \(issue.message)", line: issue.line,
        outcome: .error(type: issue.kind.rawValue, message: issue.message, detail: diagnostic)),
      file: file)
  }

  func finish(_ tally: FindingTally) {
    finishSuite()
    let tests = totals.values.reduce(0, +)
    output("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    output(
      "<testsuites name=\"traceq check\" tests=\"\(tests)\" failures=\"\(totals[.failure] ?? 0)\" "
        + "errors=\"\(totals[.error] ?? 0)\" skipped=\"\(totals[.skipped] ?? 0)\">")
    suites.write(to: output)
    output("</testsuites>")
  }

  /// Adds a case to the file's suite, numbering names that repeat (`… (2)`).
  private func add(_ testCase: Case, file: String) {
    begin(file: file)
    var testCase = testCase
    let seen = suite!.names[testCase.name, default: 0] + 1
    suite!.names[testCase.name] = seen
    if seen > 1 { testCase.name += " (\(seen))" }
    suite!.counts[testCase.outcome.kind, default: 0] += 1
    suite!.cases.append(Self.element(testCase, file: file).joined(separator: "\n"))
  }

  /// Writes the suite of the file reported last (a passing `replay` case when it has none).
  private func finishSuite() {
    guard var done = suite else { return }
    suite = nil
    if done.tests == 0 {
      done.counts[.passed] = 1
      done.cases.append(
        Self.element(Case(name: "replay", line: nil, outcome: .passed(output: nil)), file: done.file)
          .joined(separator: "\n"))
    }
    suites.append(
      "  <testsuite name=\"\(XMLText.attribute(done.file))\" tests=\"\(done.tests)\" "
        + "failures=\"\(done.count(.failure))\" errors=\"\(done.count(.error))\" skipped=\"\(done.count(.skipped))\">")
    done.cases.write(to: suites.append)
    suites.append("  </testsuite>")
    for (kind, count) in done.counts { totals[kind, default: 0] += count }
  }

  private static func element(_ testCase: Case, file: String) -> [String] {
    let line = testCase.line.map { " line=\"\($0)\"" } ?? ""
    let open =
      "    <testcase name=\"\(XMLText.attribute(testCase.name))\" classname=\"\(XMLText.attribute(file))\" "
      + "file=\"\(XMLText.attribute(testCase.source ?? file))\"\(line)"
    switch testCase.outcome {
    case .passed(nil):
      return [open + "/>"]
    case .passed(let output?):
      return [open + ">", "      <system-out>\(XMLText.content(output))</system-out>", "    </testcase>"]
    case .failure(let type, let message, let detail), .error(let type, let message, let detail):
      let tag = testCase.outcome.kind == .failure ? "failure" : "error"
      return [
        open + ">",
        "      <\(tag) type=\"\(XMLText.attribute(type))\" message=\"\(XMLText.attribute(message))\">"
          + "\(XMLText.content(detail))</\(tag)>",
        "    </testcase>",
      ]
    case .skipped(let message):
      return [open + ">", "      <skipped message=\"\(XMLText.attribute(message))\"/>", "    </testcase>"]
    }
  }
}
