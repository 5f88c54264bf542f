import Replay
import TraceModel

/// A `.traceq.yml` entry that accepts some findings: they are still replayed and carried,
/// marked suppressed with the reason, in the JSON and SARIF reports, but shown nowhere else
/// and never fail the run. Each given criterion must match; at least one is given.
struct Suppression: Hashable {
  /// A rule id.
  var rule: String?
  /// A class any controller of the finding has (a pattern: `FBAd*`).
  var className: Glob?
  /// The trace's path (a pattern relative to the configuration's directory).
  var path: Glob?
  /// Why the team accepts it, for the reports.
  var reason: String?

  func matches(_ finding: Finding, file: String, scope: PathScope) -> Bool {
    if let rule, rule != finding.ruleID { return false }
    if let className, !finding.namedClasses.contains(where: className.matches) {
      return false
    }
    if let path, !scope.matches(path, file) { return false }
    return true
  }
}
