import Replay
import TraceModel

/// Gathers what the HTML report shows while sessions replay: per session, its tracks (merged
/// past a bound) and its findings with the model's state where each was found (the first
/// ``findingsWithState`` of them), written to the session's part of the page as it ends and
/// spooled; and the tallies of the summary. The tracks are built, and a session's part is laid
/// out and written, on a thread of their own (``SessionPages``) while the replay goes on: the
/// timeline's changes go there in batches, the findings for the triage table too, and the names
/// of the session's controllers at its end.
/// Memory holds a few sessions (at most ``itemsWaiting`` batches or sessions waiting, one written,
/// one replayed), whatever the input's length.
final class ReportBuilder: TimelineSink {
  /// A finding as the report lists it.
  struct ReportedFinding {
    var finding: Finding
    /// Where it is in the app's sources (`--source-root`).
    var source: SourcePlace?
    var time: Double
    /// Its place among the changes at `time`.
    var burst: Int
    /// The model's state, as `traceq replay --at` prints it, after `stateLine`: the line the
    /// finding is about, also for one that later events decided.
    var state: String
    var stateLine: Int
  }

  /// One session's timeline and findings (a class: it is filled in place, event by event).
  final class SessionSection {
    var session: TimelineSession
    /// Its tracks, set once they are built (``SessionPages``).
    var timeline = SessionTimeline()
    var tracks: [ReportTrack] { timeline.tracks }
    var findings: [ReportedFinding] = []
    var findingCount = 0
    /// All its findings by severity and the rules they are of, for the index and the filters.
    var severityCounts: [Severity: Int] = [:]
    var rules: Set<String> = []
    var events = 0
    var end = 0.0
    /// The line where UIKit raised an exception: the app ended there.
    var exceptionLine: Int?
    /// The state after each line where the model held a finding (at most
    /// ``findingsWithState``), for the findings decided later.
    var heldStates: [Int: String] = [:]

    init(session: TimelineSession) { self.session = session }

    /// The track that shows `kind`, if it has changed.
    func track(_ kind: TimelineTrack) -> ReportTrack? { timeline.track(kind) }

    /// Adds `track`, after those that changed before it.
    func add(_ track: ReportTrack) { timeline.add(track) }
  }

  /// A session's tracks, in the order they first changed, changed in place (a dictionary of them
  /// moved a track out and back in for each change: a tenth of a report's instructions).
  struct SessionTimeline {
    private(set) var tracks: [ReportTrack] = []
    /// Where each of ``tracks`` is, by what it shows.
    private var index: [TimelineTrack: Int] = [:]

    /// The track that shows `kind`, if it has changed.
    func track(_ kind: TimelineTrack) -> ReportTrack? { index[kind].map { tracks[$0] } }

    /// Adds `track`, after those that changed before it, and gives its place in ``tracks``.
    @discardableResult mutating func add(_ track: ReportTrack) -> Int {
      index[track.kind] = tracks.count
      tracks.append(track)
      return tracks.count - 1
    }

    /// Applies `placed` to its track; a track is drawn from its first slice on.
    mutating func apply(_ placed: PlacedChange) {
      let change = placed.change
      let place: Int
      if let known = index[change.track] {
        place = known
      } else {
        guard change.label != nil else { return }
        place = add(ReportTrack(kind: change.track))
      }
      tracks[place].set(slot: change.slot, to: change.label, at: placed.time, burst: placed.burst)
    }

    /// Ends the open slices at `time`, `burst` changes into it, and names the tracks.
    mutating func finish(at time: Double, burst: Int, names: [ObjectID: ControllerName]) {
      for place in tracks.indices {
        tracks[place].finish(at: time, burst: burst)
        tracks[place].name(from: names)
      }
    }
  }

  /// A change to the timeline, at its time and its place among the changes then.
  struct PlacedChange {
    var change: TimelineChange
    var time: Double
    var burst: Int
  }

  /// What the pages' thread is sent, in the replay's order.
  enum PageWork {
    /// The current session's next changes.
    case changes([PlacedChange])
    /// Findings of the report's session `session` (counted from 1), for the triage table.
    case findings([Finding], session: Int)
    /// The current session ended at `time`, `burst` changes into it: `section` (without its
    /// tracks) and the names of the controllers its tracks show.
    case ended(SessionSection, time: Double, burst: Int, names: [ObjectID: ControllerName])
  }

  /// The sessions' parts of the page and their entries in the index, in order.
  struct SessionPages {
    /// The sessions, for the index.
    private(set) var entries: [ReportPage.SessionEntry] = []
    /// Their parts of the page.
    let markup = Spool()
    /// Findings by rule, app's controller and message shape, over all sessions.
    private(set) var groups = FindingGroups()
    /// The current session's tracks.
    private var timeline = SessionTimeline()

    /// Builds the current session's tracks, or lays out the session that ended and spools its
    /// part of the page.
    mutating func take(_ work: PageWork) {
      switch work {
      case .changes(let changes):
        for change in changes { timeline.apply(change) }
      case .findings(let findings, let session):
        for finding in findings { groups.add(finding, session: session) }
      case .ended(let section, let time, let burst, let names):
        timeline.finish(at: time, burst: burst, names: names)
        section.timeline = timeline
        timeline = SessionTimeline()
        add(section)
      }
    }

    /// Lays out `section`, the next session, and spools its part of the page.
    mutating func add(_ section: SessionSection) {
      let view = ReportPage.SessionView(section, index: entries.count + 1)
      var bytes = MarkupBytes()
      view.write(to: &bytes)
      markup.append(utf8: bytes.bytes)
      entries.append(view.entry)
    }
  }

  /// Findings listed (with their state) per session; the rest are counted.
  static let findingsWithState = 300
  /// Batches of changes or sessions ended waiting for the pages' thread, at most.
  static let itemsWaiting = 4
  /// Changes sent to the pages' thread at once, at most.
  static let changesPerBatch = 1_024
  /// Findings sent to the pages' thread at once, at most.
  static let findingsPerBatch = 256

  /// Builds the tracks and lays out the sessions that ended.
  private let pages = PipelineStage<PageWork, SessionPages>(
    name: "traceq report pages", capacity: itemsWaiting, product: SessionPages()
  ) { work, pages in pages.take(work) }
  // @exclusivity(unchecked): as ``instant``, changed on every timeline change by this builder
  // alone.
  /// The current session's changes not yet sent.
  @exclusivity(unchecked) private var changes: [PlacedChange] = []
  /// The current session's findings not yet sent.
  private var findingsToGroup: [Finding] = []
  /// Whether a controller's track has had a slice, by ``ObjectID/offset``: those named at the end.
  @exclusivity(unchecked) private var controllersShown: [Bool] = []
  /// Sessions ended: the current one is the next.
  private var sessionsEnded = 0
  /// Events over all sessions.
  private(set) var events = 0
  /// Findings per rule and severity, over all sessions.
  private(set) var tally: [String: (severity: Severity, count: Int)] = [:]
  // @exclusivity(unchecked): as a section's tracks, read and written on every timeline change
  // by this builder alone, with no call in between that could reach it again.
  /// The lines of the events that changed the timeline at the latest instant, in event order
  /// (at most ``ReportPage/burstSteps`` + 1): each change's place in its burst.
  @exclusivity(unchecked) private var instant: (time: Double, lines: [Int]) = (-1, [])
  @exclusivity(unchecked) private var current: SessionSection?
  /// The current session's model, for naming its tracks once the trace has given the classes.
  private var model: SessionModel?

  /// The sessions' parts of the page, once the last session ended: waits for them to be laid
  /// out. Called once.
  func finish() -> SessionPages { pages.finish() }

  func beginSession(_ session: TimelineSession, model: SessionModel) {
    current = SessionSection(session: session)
    self.model = model
  }

  func change(_ change: consuming TimelineChange, at time: Double, model: SessionModel) {
    guard current != nil else { return }
    if case .controller(let vc) = change.track, change.label != nil {
      if controllersShown.count <= vc.offset {
        controllersShown.append(contentsOf: repeatElement(false, count: vc.offset + 1 - controllersShown.count))
      }
      controllersShown[vc.offset] = true
    }
    let burst = burst(at: time, line: change.line)
    changes.append(PlacedChange(change: change, time: time, burst: burst))
    if changes.count == Self.changesPerBatch { sendChanges() }
  }

  /// Hands the findings gathered to the pages' thread.
  private func sendFindings() {
    guard !findingsToGroup.isEmpty else { return }
    pages.send(.findings(findingsToGroup, session: sessionsEnded + 1))
    findingsToGroup = []
  }

  /// Hands the changes gathered to the pages' thread.
  private func sendChanges() {
    guard !changes.isEmpty else { return }
    pages.send(.changes(changes))
    // A new array rather than the one sent: the pages' thread has it now.
    changes = []
    changes.reserveCapacity(Self.changesPerBatch)
  }

  /// The place of the event at `line` among the events that changed the timeline at `time`.
  private func burst(at time: Double, line: Int) -> Int {
    guard time == instant.time else {
      instant.time = time
      instant.lines.removeAll(keepingCapacity: true)
      instant.lines.append(line)
      return 0
    }
    if let place = instant.lines.lastIndex(of: line) { return place }
    guard instant.lines.count <= ReportPage.burstSteps else { return ReportPage.burstSteps }
    instant.lines.append(line)
    return instant.lines.count - 1
  }

  /// The place at `time` of a finding about `line`: with the changes its event made, or after
  /// the changes of the events before it.
  private func burst(ofFindingAt time: Double, line: Int) -> Int {
    guard time == instant.time else { return 0 }
    return min(instant.lines.firstIndex { $0 >= line } ?? instant.lines.count, ReportPage.burstSteps)
  }

  func finding(_ finding: Finding, source: SourcePlace?, at time: Double, model: SessionModel, afterLine line: Int) {
    guard let section = current else { return }
    tally[finding.ruleID] = (finding.severity, (tally[finding.ruleID]?.count ?? 0) + 1)
    findingsToGroup.append(finding)
    if findingsToGroup.count == Self.findingsPerBatch { sendFindings() }
    section.findingCount += 1
    section.severityCounts[finding.severity, default: 0] += 1
    section.rules.insert(finding.ruleID)
    if model.raisedException, section.exceptionLine == nil { section.exceptionLine = finding.line }
    guard section.findings.count < Self.findingsWithState else { return }
    let burst = burst(ofFindingAt: time, line: finding.line)
    if finding.decidedLine != nil, let state = section.heldStates[finding.line] {
      section.findings.append(
        ReportedFinding(
          finding: finding, source: source, time: time, burst: burst, state: state, stateLine: finding.line))
    } else {
      section.findings.append(
        ReportedFinding(
          finding: finding, source: source, time: time, burst: burst, state: StateDescription(model).text,
          stateLine: line))
    }
  }

  func holding(line: Int, model: SessionModel) {
    guard let section = current, section.heldStates.count < Self.findingsWithState,
      section.findings.count < Self.findingsWithState
    else { return }
    section.heldStates[line] = StateDescription(model).text
  }

  func endSession(at time: Double, events: Int) {
    guard let section = current else { return }
    sendFindings()
    let burst = time == instant.time ? min(instant.lines.count, ReportPage.burstSteps) : 0
    var names: [ObjectID: ControllerName] = [:]
    if let model {
      for offset in controllersShown.indices where controllersShown[offset] {
        names[ObjectID(offset)] = ControllerName(ObjectID(offset), in: model)
      }
    }
    section.events = events
    section.end = time
    self.events += events
    sessionsEnded += 1
    sendChanges()
    pages.send(.ended(section, time: time, burst: burst, names: names))
    controllersShown.removeAll(keepingCapacity: true)
    current = nil
    model = nil
    instant = (-1, [])
  }
}
