import Replay
import TraceModel

/// Gathers what the HTML report shows while sessions replay: per session, its tracks (merged
/// past a bound) and its findings with the model's state where each was found (the first
/// ``findingsWithState`` of them), written to the session's part of the page as it ends and
/// spooled; and the tallies of the summary. A session's part is laid out and written on a thread
/// of its own (``SessionPages``) while the next session replays. Memory holds a few sessions
/// (``sessionsWaiting`` waiting, one written, one replayed), whatever the input's length.
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
    // @exclusivity(unchecked): one builder fills a section, on one thread, and changes a track
    // without calling anything that could reach the section again; the runtime's checks on
    // every timeline change protected nothing.
    /// Its tracks, in the order they first changed, changed in place (a dictionary of them
    /// moved a track out and back in for each change: a tenth of a report's instructions).
    @exclusivity(unchecked) var tracks: [ReportTrack] = []
    /// Where each of ``tracks`` is, by what it shows.
    private(set) var trackIndex: [TimelineTrack: Int] = [:]
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
    func track(_ kind: TimelineTrack) -> ReportTrack? { trackIndex[kind].map { tracks[$0] } }

    /// Adds `track`, after those that changed before it, and gives its place in ``tracks``.
    @discardableResult func add(_ track: ReportTrack) -> Int {
      trackIndex[track.kind] = tracks.count
      tracks.append(track)
      return tracks.count - 1
    }
  }

  /// The sessions' parts of the page and their entries in the index, in order.
  struct SessionPages {
    /// The sessions, for the index.
    private(set) var entries: [ReportPage.SessionEntry] = []
    /// Their parts of the page.
    let markup = Spool()

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
  /// Sessions ended and waiting to be laid out, at most.
  static let sessionsWaiting = 2

  /// Lays out the sessions that ended.
  private let pages = PipelineStage<SessionSection, SessionPages>(
    name: "traceq report pages", capacity: sessionsWaiting, product: SessionPages()
  ) { section, pages in pages.add(section) }
  /// Sessions ended: the current one is the next.
  private var sessionsEnded = 0
  /// Events over all sessions.
  private(set) var events = 0
  /// Findings per rule and severity, over all sessions.
  private(set) var tally: [String: (severity: Severity, count: Int)] = [:]
  /// Findings by rule, app's controller and message shape, over all sessions.
  private(set) var groups = FindingGroups()
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

  func change(_ change: TimelineChange, at time: Double, model: SessionModel) {
    guard let section = current else { return }
    let index: Int
    if let known = section.trackIndex[change.track] {
      index = known
    } else {
      // A track is drawn from its first slice on.
      guard change.label != nil else { return }
      index = section.add(ReportTrack(kind: change.track))
    }
    section.tracks[index].set(
      slot: change.slot, to: change.label, at: time, burst: burst(at: time, line: change.line))
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
    groups.add(finding, session: sessionsEnded + 1)
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
    let burst = time == instant.time ? min(instant.lines.count, ReportPage.burstSteps) : 0
    for index in section.tracks.indices {
      section.tracks[index].finish(at: time, burst: burst)
      if let model { section.tracks[index].name(with: model) }
    }
    section.events = events
    section.end = time
    self.events += events
    sessionsEnded += 1
    pages.send(section)
    current = nil
    model = nil
    instant = (-1, [])
  }
}
