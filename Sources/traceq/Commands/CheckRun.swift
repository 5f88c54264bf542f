import Foundation
import GRDB
import Replay
import TraceModel

/// `traceq check`: replays traces (files, or the sessions stored in a database) and reports
/// what breaks UIKit's rules.
struct CheckRun {
  var inputs: [String]
  var rules: RuleSet
  var minSeverity: Severity = .note
  var failingSeverity: Severity = .error
  var reporter: FindingReporter
  var errorOutput: (String) -> Void = Terminal.error

  /// Checks the files; returns the exit status: 0 nothing at or above the failing severity,
  /// 1 something, 2 unusable input.
  func execute() -> Int32 {
    let (files, missing) = TraceFiles.expand(inputs)
    var status: Int32 = 0
    for path in missing {
      errorOutput("\(path): error: no such file or directory")
      status = 2
    }
    if files.isEmpty && missing.isEmpty {
      errorOutput("error: no trace files found in \(inputs.joined(separator: ", "))")
      return 2
    }
    var tally = FindingTally()
    let checker = TraceChecker(rules: rules)
    for path in files {
      do {
        let stream = try TraceStream(path: path)
        let summary = try checker.check(
          stream,
          onFinding: { finding in
            guard finding.severity >= minSeverity else { return }
            tally.add(finding)
            reporter.report(FileFinding(file: path, finding: finding))
          },
          onIssue: { issue in
            tally.add(issue)
            reporter.report(issue: issue, file: path)
          })
        tally.files += 1
        tally.sessions += summary.sessions
        tally.events += summary.events
        if summary.rejected { status = 2 }
      } catch {
        errorOutput("\(error)")
        status = 2
      }
    }
    reporter.finish(tally)
    return max(status, tally.fails(at: failingSeverity) ? 1 : 0)
  }
}
