import TraceModel

/// Replays every session of a trace and reports findings in file order.
public struct TraceChecker: Sendable {
  /// The rules each session is replayed with.
  public let rules: RuleSet

  /// A checker replaying with `rules` (by default the whole catalog).
  public init(rules: RuleSet = RuleSet()) { self.rules = rules }

  /// What a check saw.
  public typealias Summary = SessionDriver.Summary

  /// Reads `source` to its end, through the ``SessionDriver``. Findings reach `onFinding`
  /// sorted by line within each session; problems with the trace's lines reach `onIssue` as
  /// they are found; the cross-check of a session with both recorded events and UIKit
  /// diagnostics reaches `onCrossCheck` after its findings.
  public func check(
    _ source: some TraceItemSource, onFinding: (Finding) -> Void, onIssue: (IngestIssue) -> Void,
    onCrossCheck: ([CrossCheck.Entry]) -> Void = { _ in }
  ) throws -> Summary {
    try withoutActuallyEscaping(onFinding) { onFinding in
      try withoutActuallyEscaping(onIssue) { onIssue in
        try withoutActuallyEscaping(onCrossCheck) { onCrossCheck in
          let reporting = Reporting(onFinding: onFinding, onIssue: onIssue, onCrossCheck: onCrossCheck)
          return try SessionDriver(rules: rules, recyclesIDs: true).run(source, to: reporting)
        }
      }
    }
  }

  /// Hands on what the driver finds.
  private final class Reporting: SessionObserver {
    let onFinding: (Finding) -> Void
    let onIssue: (IngestIssue) -> Void
    let onCrossCheck: ([CrossCheck.Entry]) -> Void

    init(
      onFinding: @escaping (Finding) -> Void, onIssue: @escaping (IngestIssue) -> Void,
      onCrossCheck: @escaping ([CrossCheck.Entry]) -> Void
    ) {
      self.onFinding = onFinding
      self.onIssue = onIssue
      self.onCrossCheck = onCrossCheck
    }

    func issueFound(_ issue: IngestIssue) { onIssue(issue) }

    func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
      for finding in findings { onFinding(finding) }
      if let replay = session.replay, !replay.crossCheck.isEmpty { onCrossCheck(replay.crossCheck) }
    }
  }
}
