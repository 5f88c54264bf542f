import TraceModel

/// Drives the sessions of a trace through the model: the one place that decides where a session
/// starts and ends (a header, the end of the input, an input cut short), which sessions are
/// replayed (format version 1; optionally only some), and in which order findings are handed
/// on (by line within each session, in bounded memory: ``SessionFindings``). `check`,
/// `ingest --check`, `check --db` and `replay` all observe it, through a ``SessionObserver``;
/// any `TraceItemSource` feeds it.
public final class SessionDriver {
  /// The trace format version this model replays; sessions of other versions are read and
  /// stored, but not replayed.
  public static let replayedVersion = 1

  /// What a drive saw.
  public struct Summary: Sendable {
    /// The sessions started (headers read).
    public var sessions = 0
    /// The events read, replayed or not.
    public var events = 0
    /// The input ended early (a damaged or truncated file).
    public var cutShort = false
    /// The input does not start with a header: nothing was replayed.
    public var rejected = false
    /// Lines and inputs reported as errors (unreadable JSON, a wrong type, a damaged stream).
    public var unreadableLines = 0
    /// What the input was read as (nil for an empty input).
    public var kind: InputKind?
    /// UIKit diagnostics among the events of console output (`console` events the catalog
    /// recognised); 0 for a trace.
    public var diagnostics = 0
  }

  private let rules: RuleSet?
  private let sessionsBefore: Int
  private let replays: (_ ordinal: Int) -> Bool
  private let recyclesIDs: Bool
  private let findingsInMemory: Int
  /// What the drive has seen so far.
  @exclusivity(unchecked) public private(set) var summary = Summary()
  /// The open session.
  @exclusivity(unchecked) public private(set) var session: DrivenSession?
  /// The open session's replay, apart from ``session`` so that an event does not copy the
  /// session's header. Unretained: ``session`` holds it while it is set, and an event costs no
  /// reference counting for it.
  @exclusivity(unchecked) private var replay: Unmanaged<SessionReplay>?
  /// The findings of the event being applied.
  @exclusivity(unchecked) private var eventFindings: [Finding] = []
  /// The open session's findings so far.
  @exclusivity(unchecked) private var findings: SessionFindings
  /// The line of the input's first header.
  private var firstHeaderLine: Int?

  /// - Parameters:
  ///   - rules: the rules to replay with; nil reads sessions without replaying them.
  ///   - sessionsBefore: sessions of the trace that come before the input (a stored session
  ///     read on its own): the first session's ordinal is one more.
  ///   - replays: whether to replay the session with this ordinal (1 for the trace's first).
  ///   - recyclesIDs: release the ids of objects the model no longer needs, to bound memory
  ///     (`SessionModel.releaseUnneededIDs()`); only when nothing needs every object named.
  ///   - findingsInMemory: how many of a session's findings wait in memory, the rest in a
  ///     temporary file (``SessionFindings``); less where several sessions are replayed at once.
  public init(
    rules: RuleSet?, sessionsBefore: Int = 0, replays: @escaping (_ ordinal: Int) -> Bool = { _ in true },
    recyclesIDs: Bool = false, findingsInMemory: Int = SessionFindings.windowCapacity
  ) {
    self.rules = rules
    self.recyclesIDs = recyclesIDs
    self.findingsInMemory = findingsInMemory
    findings = SessionFindings(windowCapacity: findingsInMemory)
    self.sessionsBefore = sessionsBefore
    self.replays = replays
  }

  /// Reads `source` to its end, then ends the last session; a trace without a single event
  /// ends with a `IngestIssue.Kind.noEvents` warning.
  /// (`source` is an existential so that the loop is specialized for the observer alone: a
  /// generic source left both unspecialized across modules.)
  public func run(_ source: any TraceItemSource, to observer: some SessionObserver) throws -> Summary {
    while let item = try source.next() { take(item, to: observer) }
    finishInput(kind: source.kind, cutShort: source.wasCutShort, to: observer)
    return summary
  }

  /// The input, read as `kind` (nil: it was empty), ended (`cutShort`: early): ends the last
  /// session, and warns when the input held no event.
  package func finishInput(kind: InputKind?, cutShort: Bool, to observer: some SessionObserver) {
    finish(cutShort: cutShort, to: observer)
    summary.kind = kind
    if summary.kind == .trace { summary.diagnostics = 0 }
    if let issue = noEventsIssue() { observer.issueFound(issue) }
  }

  /// The warning for an input that held nothing to replay: no line at all (line 0, the file as
  /// a whole), or headers without events (at the first header). A log without a UIKit diagnostic
  /// is a clean log, and a file whose every session was refused, or whose lines could not be
  /// read, has its errors already.
  private func noEventsIssue() -> IngestIssue? {
    guard summary.events == 0, !summary.rejected, summary.unreadableLines == 0 else { return nil }
    if summary.kind == nil {
      return IngestIssue(
        .noEvents, line: 0,
        "the file is empty: it holds no events, so nothing was checked; copy the trace again once the app has run "
          + "with the recorder started")
    }
    guard summary.kind == .trace, let firstHeaderLine else { return nil }
    let headers = summary.sessions == 1 ? "a header" : "\(summary.sessions) session headers"
    return IngestIssue(
      .noEvents, line: firstHeaderLine,
      "the trace holds \(headers) but no events, so nothing was replayed: the app stopped before the recorder wrote "
        + "any (it writes every 250 ms) or recorded nothing; record the scenario again")
  }

  /// Takes the next item of the input.
  package func take(_ item: consuming TraceItem, to observer: some SessionObserver) {
    switch consume item {
    case .event(let event):
      summary.events += 1
      if case .console = event.payload { summary.diagnostics += 1 }
      guard let replay else { return observer.eventApplied(event, findings: []) }
      observer.willApply(event)
      let warnings = replay._withUnsafeGuaranteedRef { replay -> [IngestIssue] in
        replay.apply(event, into: &eventFindings)
        guard !replay.model.warnings.isEmpty else { return [] }
        defer { replay.model.warnings.removeAll() }
        return replay.model.warnings
      }
      if eventFindings.isEmpty {
        // Most events find nothing.
        observer.eventApplied(event, findings: [])
      } else {
        observer.eventApplied(event, findings: eventFindings[...])
        findings.append(contentsOf: eventFindings)
        eventFindings.removeAll(keepingCapacity: true)
      }
      for warning in warnings { observer.issueFound(warning) }
    case .session(let header, let line, let symbols):
      endSession(cutShort: false, to: observer)
      summary.sessions += 1
      if firstHeaderLine == nil { firstHeaderLine = line }
      let ordinal = sessionsBefore + summary.sessions
      let replay =
        rules.flatMap { rules in
          header.version == Self.replayedVersion && replays(ordinal)
            ? SessionReplay(header: header, symbols: symbols, ordinal: ordinal, rules: rules) : nil
        }
      replay?.model.recyclesIDs = recyclesIDs
      let started = DrivenSession(ordinal: ordinal, line: line, header: header, symbols: symbols, replay: replay)
      session = started
      self.replay = replay.map(Unmanaged.passUnretained)
      observer.sessionStarted(started)
    case .issue(let issue):
      if issue.kind == .missingHeader { summary.rejected = true }
      if issue.severity == .error { summary.unreadableLines += 1 }
      observer.issueFound(issue)
    }
  }

  /// The input ended (`cutShort`: early): ends the last session.
  package func finish(cutShort: Bool, to observer: some SessionObserver) {
    summary.cutShort = cutShort
    endSession(cutShort: cutShort, to: observer)
  }

  private func endSession(cutShort: Bool, to observer: some SessionObserver) {
    guard let ended = session else { return }
    session = nil
    replay = nil
    ended.replay?.finish(cutShort: cutShort) { made in
      observer.sessionEndFound(ended, findings: made[...])
      findings.append(contentsOf: made)
    }
    if let warning = ended.replay?.limitWarning { observer.issueFound(warning) }
    let ending = findings
    findings = SessionFindings(windowCapacity: findingsInMemory)
    observer.sessionEnded(ended, findings: ending)
  }
}

/// A session as the driver started it.
public struct DrivenSession {
  /// 1 for the input's first session.
  public let ordinal: Int
  /// The header's line.
  public let line: Int
  /// The session's header line.
  public let header: SessionHeader
  /// The session's class names and other symbols, as read so far.
  public let symbols: SessionSymbols
  /// Its replay; nil when the session is not replayed (another format version, no rules, or
  /// not asked for).
  public let replay: SessionReplay?
}

/// Watches a ``SessionDriver``. Each method does nothing unless implemented.
public protocol SessionObserver: AnyObject {
  /// A session starts at its header.
  func sessionStarted(_ session: DrivenSession)
  /// An event of a replayed session is about to be applied to the model.
  func willApply(_ event: TraceEvent)
  /// An event, replayed when its session is, with the findings it caused at once (a finding
  /// can concern an earlier line; the session's end hands all of them on in line order).
  func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>)
  /// A problem with a line or with the input.
  func issueFound(_ issue: IngestIssue)
  /// Findings the end of a replayed session made (what was left unfinished, refusals the trace
  /// did not refute, UIKit's diagnostics the replay missed), a batch at a time in the order
  /// made, before ``sessionEnded(_:findings:)`` hands on all of the session's by line.
  func sessionEndFound(_ session: DrivenSession, findings: ArraySlice<Finding>)
  /// A session ended (at the next header, or at the end of the input); its findings, by line,
  /// to be read once, now or later (they may wait in a temporary file: a session can have
  /// millions). Required, without a default: an observer whose method differs in its
  /// signature would otherwise never be called, and lose the session's findings.
  func sessionEnded(_ session: DrivenSession, findings: SessionFindings)
}

extension SessionObserver {
  /// Does nothing.
  public func sessionStarted(_ session: DrivenSession) {}
  /// Does nothing.
  public func willApply(_ event: TraceEvent) {}
  /// Does nothing.
  public func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>) {}
  /// Does nothing.
  public func issueFound(_ issue: IngestIssue) {}
  /// Does nothing.
  public func sessionEndFound(_ session: DrivenSession, findings: ArraySlice<Finding>) {}
}
