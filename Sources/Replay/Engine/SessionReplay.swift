import TraceModel

/// Replays one session: each event through the ``SessionModel``, each observation through
/// the rules.
public final class SessionReplay {
  public let model: SessionModel
  /// The session's ordinal in its file.
  public let ordinal: Int
  private let rules: [any Rule]
  private let ruleSet: RuleSet
  /// The replay's findings and UIKit's of the session so far, for the cross-check.
  @exclusivity(unchecked) private var replayFindings: [Finding] = []
  @exclusivity(unchecked) private var uikitFindings: [Finding] = []
  @exclusivity(unchecked) private var recordedEvents = 0
  /// The cross-check of the session, once it is finished; empty unless the session had both
  /// recorded events and UIKit diagnostics.
  public private(set) var crossCheck: [CrossCheck.Entry] = []
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private var list: FindingList

  public init(header: SessionHeader, symbols: SessionSymbols, ordinal: Int, rules: RuleSet) {
    model = SessionModel(header: header, symbols: symbols)
    self.ordinal = ordinal
    self.rules = rules.rules.filter { type(of: $0).description.applies(to: header.os) }
    ruleSet = rules
    list = FindingList(session: ordinal, severities: rules.severities)
  }

  /// Replays `event`, appending its findings to `findings`.
  public func apply(_ event: TraceEvent, into findings: inout [Finding]) {
    if case .console(let text) = event.payload {
      recognise(text, at: event.line)
      return
    }
    recordedEvents += 1
    let observations = model.apply(event)
    if !observations.isEmpty { check(observations, into: &findings) }
    model.releaseUnneededIDs()
  }

  /// Ends the session (see ``SessionModel/finish(cutShort:)``), appending its last findings
  /// and UIKit's that the replay did not find as well (those it found are in ``crossCheck``).
  public func finish(cutShort: Bool, into findings: inout [Finding]) {
    check(model.finish(cutShort: cutShort), into: &findings)
    guard !uikitFindings.isEmpty else { return }
    guard recordedEvents > 0 else {
      findings.append(contentsOf: uikitFindings)
      return
    }
    crossCheck = CrossCheck.compare(replay: replayFindings, uikit: uikitFindings)
    findings.append(contentsOf: crossCheck.filter { $0.verdict == .missedByModel }.compactMap(\.uikit))
  }

  /// A UIKit diagnostic in a `console` event becomes a finding of UIKit's.
  private func recognise(_ text: String, at line: Int) {
    guard let diagnostic = ConsoleCatalog.recognise(text), ruleSet.reportsConsole(diagnostic.entry.id) else { return }
    uikitFindings.append(
      diagnostic.finding(line: line, session: ordinal, severity: ruleSet.severities[diagnostic.entry.id]))
  }

  private func check(_ observations: [(line: Int, observation: Observation)], into findings: inout [Finding]) {
    for (line, observation) in observations {
      let step = ReplayStep(line: line, observation: observation, model: model)
      for rule in rules { rule.check(step, into: &list) }
    }
    findings.append(contentsOf: list.findings)
    if !list.findings.isEmpty { replayFindings.append(contentsOf: list.findings) }
    list.removeAll()
  }
}
