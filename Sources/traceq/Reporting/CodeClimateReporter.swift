import Replay
import TraceModel

/// GitLab Code Quality (a subset of the Code Climate issue format), for the merge request's
/// code quality widget and diff annotations: a JSON array with an object per finding or bad
/// line — `type`, `check_name`, `description`, `categories`, `severity` (`major`, `minor`,
/// `info`), `location.path` and `location.lines.begin`, and a `fingerprint` that is the same
/// when the scenario is recorded again and distinct within a report. Suppressed findings are
/// left out. Issues are written as they come (``JSONArraySpool``), the array around them at the end.
final class CodeClimateReporter: FindingReporter {
  private let output: (String) -> Void
  private let issues = JSONArraySpool(indent: 2)
  /// How many issues of each fingerprint have been seen, to keep fingerprints distinct.
  private var occurrences: [String: Int] = [:]

  /// One Code Quality issue.
  struct Issue: Encodable {
    var type = "issue"
    var checkName: String
    var description: String
    var categories: [String]
    var severity: String
    var fingerprint: String
    var location: Location

    struct Location: Encodable {
      var path: String
      var lines: Lines
    }

    struct Lines: Encodable {
      var begin: Int
    }

    enum CodingKeys: String, CodingKey {
      case type
      case checkName = "check_name"
      case description, categories, severity, fingerprint, location
    }
  }

  init(output: @escaping (String) -> Void) {
    self.output = output
  }

  func report(_ item: FileFinding) {
    guard item.suppression == nil else { return }
    let finding = item.finding
    let description = ([finding.message] + (item.recordedAt.map { [$0] } ?? [])).joined(separator: "; ")
    add(
      checkName: finding.ruleID, description: description, categories: ["Bug Risk"], severity: finding.severity,
      path: item.location.file, line: item.location.line, identity: FindingIdentity(finding).fingerprint)
  }

  func report(issue: IngestIssue, file: String) {
    let identity = FindingIdentity.sha256("\(file)\u{1F}\(issue.line)\u{1F}\(issue.kind.rawValue)")
    add(
      checkName: "trace-input/\(issue.kind.rawValue)", description: issue.message, categories: ["Compatibility"],
      severity: issue.severity, path: file, line: issue.line, identity: identity)
  }

  func finish(_ tally: FindingTally) {
    output("[")
    issues.write(to: output)
    output("]")
  }

  private func add(
    checkName: String, description: String, categories: [String], severity: Severity, path: String, line: Int,
    identity: String
  ) {
    let key = path + "\u{1F}" + identity
    let occurrence = occurrences[key, default: 0] + 1
    occurrences[key] = occurrence
    let fingerprint = FindingIdentity.sha256("\(key)\u{1F}\(occurrence)")
    let level =
      switch severity {
      case .error: "major"
      case .warning: "minor"
      case .note: "info"
      }
    issues.append(
      Issue(
        checkName: checkName, description: description, categories: categories, severity: level,
        fingerprint: String(fingerprint.prefix(32)),
        location: Issue.Location(path: path, lines: Issue.Lines(begin: max(line, 1)))))
  }
}
