import Replay
import TraceModel

/// Decides, finding by finding, what a check reports (the policy's verdict, then the
/// baseline), counts it, hands it to the reporter, and records what `--write-baseline` writes.
/// A finding recorded in a new baseline is accepted at once: it counts as in the baseline.
struct FindingTriage {
  let policy: CheckPolicy
  /// What `--baseline` still holds: each finding it matches is taken out.
  private var known: Baseline?
  /// Every finding the policy reports, when recording a baseline.
  private(set) var recorded: Baseline?
  /// The app's class declarations, with `--source-root`.
  let sources: SourceIndex?

  init(policy: CheckPolicy, baseline: Baseline? = nil, recording: Bool = false, sources: SourceIndex? = nil) {
    self.policy = policy
    self.sources = sources
    known = baseline
    recorded = recording ? Baseline() : nil
  }

  mutating func deliver(_ finding: Finding, file: String, tally: inout FindingTally, to reporter: FindingReporter) {
    switch policy.verdict(for: finding, in: file) {
    case .hidden:
      return
    case .suppressed(let suppression):
      tally.suppressed += 1
      reporter.report(
        FileFinding(file: file, finding: finding, suppression: suppression, source: sources?.place(of: finding)))
    case .reported:
      if recorded != nil || known != nil {
        let identity = FindingIdentity(finding)
        recorded?.add(identity)
        if recorded != nil || known?.consume(identity) == true {
          tally.baselined += 1
          return
        }
      }
      tally.add(finding)
      reporter.report(FileFinding(file: file, finding: finding, source: sources?.place(of: finding)))
    }
  }
}
