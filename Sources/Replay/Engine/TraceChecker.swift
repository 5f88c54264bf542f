import TraceModel

/// Replays every session of a trace and reports findings in file order.
public struct TraceChecker: Sendable {
  public let rules: RuleSet

  public init(rules: RuleSet = RuleSet()) { self.rules = rules }

  /// What a check saw.
  public typealias Summary = SessionDriver.Summary

  /// Reads `source` to its end. Findings reach `onFinding` sorted by line within each session;
  /// problems with the trace's lines reach `onIssue` as they are found.
  public func check(
    _ source: some TraceItemSource, onFinding: (Finding) -> Void, onIssue: (IngestIssue) -> Void
  ) throws -> Summary {
    try withoutActuallyEscaping(onFinding) { onFinding in
      try withoutActuallyEscaping(onIssue) { onIssue in
        try SessionDriver(rules: rules).run(source, to: Reporting(onFinding: onFinding, onIssue: onIssue))
      }
    }
  }

  /// Hands on what the driver finds.
  private final class Reporting: SessionObserver {
    let onFinding: (Finding) -> Void
    let onIssue: (IngestIssue) -> Void

    init(onFinding: @escaping (Finding) -> Void, onIssue: @escaping (IngestIssue) -> Void) {
      self.onFinding = onFinding
      self.onIssue = onIssue
    }

    func issueFound(_ issue: IngestIssue) { onIssue(issue) }

    func sessionEnded(_ session: DrivenSession, findings: [Finding]) { findings.forEach(onFinding) }
  }
}
