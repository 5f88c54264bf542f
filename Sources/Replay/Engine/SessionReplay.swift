import TraceModel

/// Replays one session: each event through the `SessionModel`, each observation through
/// the rules.
public final class SessionReplay {
  package let model: SessionModel
  /// The session's ordinal in its file.
  public let ordinal: Int
  private let rules: [any Rule]
  private let ruleSet: RuleSet
  /// The replay's findings (the first ``crossCheckedFindingLimit``) and UIKit's of the session
  /// so far, for the cross-check.
  @exclusivity(unchecked) private var replayFindings: [Finding] = []
  @exclusivity(unchecked) private var uikitFindings: [Finding] = []
  /// UIKit's diagnostics past ``uikitFindingLimit``, counted by rule id; the line of the first.
  @exclusivity(unchecked) private var unreported: (counts: [String: Int], line: Int)?
  @exclusivity(unchecked) private var recordedEvents = 0
  /// The cross-check of the session, once it is finished; empty unless the session had both
  /// recorded events and UIKit diagnostics.
  public private(set) var crossCheck: [CrossCheck.Entry] = []
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private var list: FindingList

  /// A replay of the session with `header` and `symbols`, the `ordinal`th of its file, with those of `rules` that apply to the session's iOS version.
  public init(header: SessionHeader, symbols: SessionSymbols, ordinal: Int, rules: RuleSet) {
    model = SessionModel(header: header, symbols: symbols)
    self.ordinal = ordinal
    self.rules = rules.rules.filter { type(of: $0).description.applies(to: header.os) }
    ruleSet = rules
    list = FindingList(session: ordinal, severities: rules.severities)
  }

  /// Replays `event`, appending its findings to `findings`.
  public func apply(_ event: TraceEvent, into findings: inout [Finding]) {
    if case .console(let text, let frame) = event.payload {
      recognise(text, frame: frame, at: event.line)
      return
    }
    recordedEvents += 1
    let observations = model.apply(event)
    if !observations.isEmpty { check(observations, into: &findings) }
    model.releaseUnneededIDs()
  }

  /// Ends the session (see `SessionModel.finish(cutShort:handingOn:)`), handing its last findings
  /// to `found` in the order made, a batch at a time (a session can leave each of its
  /// controllers unfinished), then UIKit's that the replay did not find as well (those it found
  /// are in ``crossCheck``).
  public func finish(cutShort: Bool, found: ([Finding]) -> Void) {
    var findings: [Finding] = []
    model.finish(cutShort: cutShort) { observations in
      check(observations, into: &findings)
      guard !findings.isEmpty else { return }
      found(findings)
      findings.removeAll(keepingCapacity: true)
    }
    limitWarning = unreported.map(Self.limitWarning)
    guard !uikitFindings.isEmpty else { return }
    guard recordedEvents > 0 else { return found(uikitFindings) }
    crossCheck = CrossCheck.compare(replay: replayFindings, uikit: uikitFindings)
    let missed = crossCheck.filter { $0.verdict == .missedByModel }.compactMap(\.uikit)
    if !missed.isEmpty { found(missed) }
  }

  /// How many of UIKit's findings a session keeps (they wait for its end, for the cross-check);
  /// the diagnostics after them are counted by rule, and ``limitWarning`` says how many. A log
  /// is one session: without a limit, a million repeated lines held a million findings. As
  /// many as the issues of a file `ingest` stores one by one.
  public static let uikitFindingLimit = 1000

  /// Once the session has finished: the warning that UIKit's diagnostics went past
  /// ``uikitFindingLimit``, with how many of each rule were counted rather than reported.
  public private(set) var limitWarning: IngestIssue?

  /// A UIKit diagnostic in a `console` event becomes a finding of UIKit's.
  private func recognise(_ text: String, frame: String?, at line: Int) {
    guard let diagnostic = ConsoleCatalog.recognise(text), ruleSet.reportsConsole(diagnostic.entry.id) else { return }
    guard uikitFindings.count < Self.uikitFindingLimit else {
      unreported = unreported ?? ([:], line)
      unreported!.counts[diagnostic.entry.id, default: 0] += 1
      return
    }
    uikitFindings.append(
      diagnostic.finding(
        line: line, session: ordinal, severity: ruleSet.severities[diagnostic.entry.id], frame: frame))
  }

  /// The warning for the diagnostics past the limit, with their count by rule, most first.
  private static func limitWarning(_ unreported: (counts: [String: Int], line: Int)) -> IngestIssue {
    let total = unreported.counts.values.reduce(0, +)
    let byRule = unreported.counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\($0.key) \($0.value)" }
    return IngestIssue(
      .tooManyDiagnostics, line: unreported.line,
      "UIKit logged more than \(uikitFindingLimit) diagnostics in this session: the first \(uikitFindingLimit) are "
        + "reported; the \(total) from this line on are counted, not reported one by one (\(byRule.joined(separator: ", ")))"
    )
  }

  private func check(_ observations: [ModelObservation], into findings: inout [Finding]) {
    for observed in observations {
      let step = ReplayStep(observed, model: model)
      for rule in rules { rule.check(step, into: &list) }
    }
    findings.append(contentsOf: list.findings)
    if !list.findings.isEmpty, replayFindings.count < Self.crossCheckedFindingLimit {
      replayFindings.append(contentsOf: list.findings.prefix(Self.crossCheckedFindingLimit - replayFindings.count))
    }
    list.removeAll()
  }

  /// How many of the replay's findings a session keeps for the cross-check: they wait for its
  /// end, and a session can have millions. Those after them are reported, not cross-checked.
  public static let crossCheckedFindingLimit = 10_000
}
