import TraceModel

/// Replays every session of a trace and reports findings in file order.
public struct TraceChecker: Sendable {
  public let rules: RuleSet

  public init(rules: RuleSet = RuleSet()) { self.rules = rules }

  /// What a check saw.
  public struct Summary: Sendable {
    public var sessions = 0
    public var events = 0
    public var cutShort = false
    /// The file does not start with a header: nothing was replayed.
    public var rejected = false
    /// What the file was read as (nil for an empty file).
    public var kind: InputKind?
    /// UIKit diagnostics among the events (`console` events the catalog recognised).
    public var diagnostics = 0
  }

  /// Reads `stream` to its end. Findings reach `onFinding` sorted by line within each session;
  /// problems with the trace's lines reach `onIssue` as they are found; the cross-check of a
  /// session with both recorded events and UIKit diagnostics reaches `onCrossCheck` after its
  /// findings.
  public func check(
    _ stream: TraceStream, onFinding: (Finding) -> Void, onIssue: (IngestIssue) -> Void,
    onCrossCheck: ([CrossCheck.Entry]) -> Void = { _ in }
  ) throws -> Summary {
    var summary = Summary()
    var replay: SessionReplay?
    var pending: [Finding] = []
    func flush() {
      pending.sort { $0.line < $1.line }
      pending.forEach(onFinding)
      pending.removeAll(keepingCapacity: true)
      if let replay, !replay.crossCheck.isEmpty { onCrossCheck(replay.crossCheck) }
    }
    while let item = try stream.next() {
      switch item {
      case .event(let event):
        summary.events += 1
        if case .console = event.payload, stream.kind != .trace { summary.diagnostics += 1 }
        replay?.apply(event, into: &pending)
      case .session(let header, _, let symbols):
        replay?.finish(cutShort: false, into: &pending)
        flush()
        summary.sessions += 1
        replay =
          header.version == 1
          ? SessionReplay(header: header, symbols: symbols, ordinal: summary.sessions, rules: rules) : nil
      case .issue(let issue):
        if issue.kind == .missingHeader { summary.rejected = true }
        onIssue(issue)
      }
    }
    summary.cutShort = stream.wasCutShort
    summary.kind = stream.kind
    replay?.finish(cutShort: summary.cutShort, into: &pending)
    flush()
    return summary
  }
}
