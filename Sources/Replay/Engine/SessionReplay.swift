import TraceModel

/// Replays one session: each event through the ``SessionModel``, each observation through
/// the rules.
public final class SessionReplay {
  public let model: SessionModel
  /// The session's ordinal in its file.
  public let ordinal: Int
  private let rules: [any Rule]
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private var list: FindingList

  public init(header: SessionHeader, symbols: SessionSymbols, ordinal: Int, rules: RuleSet) {
    model = SessionModel(header: header, symbols: symbols)
    self.ordinal = ordinal
    self.rules = rules.rules.filter { type(of: $0).description.applies(to: header.os) }
    list = FindingList(session: ordinal, severities: rules.severities)
  }

  /// Replays `event`, appending its findings to `findings`.
  public func apply(_ event: TraceEvent, into findings: inout [Finding]) {
    let observations = model.apply(event)
    if !observations.isEmpty { check(observations, into: &findings) }
  }

  /// Ends the session (see ``SessionModel/finish(cutShort:)``), appending its last findings.
  public func finish(cutShort: Bool, into findings: inout [Finding]) {
    check(model.finish(cutShort: cutShort), into: &findings)
  }

  private func check(_ observations: [(line: Int, observation: Observation)], into findings: inout [Finding]) {
    for (line, observation) in observations {
      let step = ReplayStep(line: line, observation: observation, model: model)
      for rule in rules { rule.check(step, into: &list) }
    }
    findings.append(contentsOf: list.findings)
    list.removeAll()
  }
}
