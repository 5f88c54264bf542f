import Replay
import TraceModel
import TraceSupport

/// Writes a timeline as Chrome's Trace Event Format (JSON), which ui.perfetto.dev and
/// chrome://tracing open: a process per session; in it, a thread track per on-screen lane (a
/// controller's appearance slices go to the first lane free when they start, so a session of
/// thousands of controllers has as many tracks as controllers were on screen at once), one each
/// for presentations, popovers, the orientations and the findings, and counters of the
/// presentation depth and of the visible popovers. Events are written as they come; only the
/// slices open at the moment are held.
final class PerfettoWriter: TimelineSink {
  private let output: ReportOutput
  private var pid = 0
  private var session: TimelineSession?
  /// The current session's model, for naming its tracks at its end.
  private var model: SessionModel?
  /// The current session's tracks that had a slice, in the order they first had one.
  private var used: [Track] = []
  private var tids: [Track: Int] = [:]
  private var lastTid = 0
  private var wroteEvent = false
  private var named: Set<Track> = []
  private var tracks = NestedSlices<Track, Slice>()
  /// The lane each controller with an open slice is drawn on, and which lanes are taken.
  private var lanes: [ObjectID: Int] = [:]
  private var takenLanes: [Bool] = []
  /// The presented controllers and visible popovers (their slots), for the counters.
  private var presented: Set<Int> = []
  private var visiblePopovers: Set<Int> = []

  /// Starts the JSON document on `output`.
  init(output: ReportOutput) {
    self.output = output
    output.write("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[")
  }

  /// Ends the JSON document; call once, after the last session.
  func close() throws(CommandFailure) {
    output.write("]}")
    try output.close()
  }

  func beginSession(_ session: TimelineSession, model: SessionModel) {
    pid += 1
    self.session = session
    self.model = model
    let name = "session \(session.ordinal) · \(session.title) · \(session.file):\(session.line)"
    emit(#""ph":"M","pid":\#(pid),"name":"process_name","args":{"name":\#(JSONString.quote(name))}"#)
    emit(#""ph":"M","pid":\#(pid),"name":"process_sort_index","args":{"sort_index":\#(pid)}"#)
    use(.findings)
  }

  func change(_ given: consuming TimelineChange, at time: Double, model: SessionModel) {
    let change = given
    let ts = Self.microseconds(time)
    var track = Track(change.track)
    var name = change.label
    if case .controller(let vc) = change.track {
      guard let lane = lane(of: vc, opening: change.label != nil) else { return }
      track = .lane(lane)
      name = change.label.map { "\($0) · \(model.symbols.describe(vc))" }
      if change.label == nil {
        lanes[vc] = nil
        takenLanes[lane] = false
      }
    }
    if name != nil { use(track) }
    for edge in tracks.set(track, slot: change.slot, to: name.map { Slice(name: $0, change: change) }) {
      write(edge, on: track, at: ts)
    }
    switch change.track {
    case .presentations: count(change, in: &presented, as: "presentation depth", at: ts)
    case .popovers: count(change, in: &visiblePopovers, as: "visible popovers", at: ts)
    default: break
    }
  }

  /// The lane of `vc`'s slices: the one it has, else (when a slice opens) the first free one.
  private func lane(of vc: ObjectID, opening: Bool) -> Int? {
    if let lane = lanes[vc] { return lane }
    guard opening else { return nil }
    let lane = takenLanes.firstIndex(of: false) ?? takenLanes.count
    if lane == takenLanes.count { takenLanes.append(true) } else { takenLanes[lane] = true }
    lanes[vc] = lane
    return lane
  }

  /// A counter of the session's process: how many of `open` there are after `change`.
  private func count(_ change: TimelineChange, in open: inout Set<Int>, as name: String, at ts: Int64) {
    let changed = change.label == nil ? open.remove(change.slot) != nil : open.insert(change.slot).inserted
    guard changed else { return }
    counter(name, open.count, at: ts)
  }

  private func counter(_ name: String, _ value: Int, at ts: Int64) {
    emit(#""ph":"C","pid":\#(pid),"ts":\#(ts),"name":\#(JSONString.quote(name)),"args":{"value":\#(value)}"#)
  }

  /// The timeline shows no model state: a finding decided later is placed at its own line anyway.
  func holding(line: Int, model: SessionModel) {}

  func finding(_ finding: Finding, source: SourcePlace?, at time: Double, model: SessionModel, afterLine line: Int) {
    let file = session?.file ?? ""
    var args = [
      ("rule", JSONString.quote(finding.ruleID)), ("severity", JSONString.quote(finding.severity.rawValue)),
      ("message", JSONString.quote(finding.message)), ("hint", JSONString.quote(finding.hint)),
      ("line", String(finding.line)), ("location", JSONString.quote("\(file):\(finding.line)")),
    ]
    if let source { args.append(("source", JSONString.quote(source.described))) }
    emit(
      #""ph":"i","s":"t","pid":\#(pid),"tid":\#(tid(.findings)),"ts":\#(Self.microseconds(time)),"#
        + #""cat":"finding","name":\#(JSONString.quote("\(finding.severity.rawValue): \(finding.ruleID)")),"#
        + #""args":{\#(args.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ","))}"#)
  }

  func endSession(at time: Double, events: Int) {
    let ts = Self.microseconds(time)
    for (track, edge) in tracks.closeAll() { write(edge, on: track, at: ts) }
    for (open, name) in [(presented, "presentation depth"), (visiblePopovers, "visible popovers")] where !open.isEmpty {
      counter(name, 0, at: ts)
    }
    lanes.removeAll(keepingCapacity: true)
    takenLanes.removeAll(keepingCapacity: true)
    presented.removeAll(keepingCapacity: true)
    visiblePopovers.removeAll(keepingCapacity: true)
    // Metadata may come anywhere in the file: naming the tracks last gives them the classes
    // the trace named after their first slice.
    for track in used { name(track) }
    used.removeAll(keepingCapacity: true)
    named.removeAll(keepingCapacity: true)
    tids.removeAll(keepingCapacity: true)
    model = nil
  }

  // MARK: - Tracks

  /// A thread track of the session's process.
  private enum Track: Hashable {
    case findings
    /// The controllers on screen at once: the nth of them.
    case lane(Int)
    case timeline(TimelineTrack)
    init(_ track: TimelineTrack) { self = .timeline(track) }
  }

  /// Thread ids are handed out in order over the whole file, so that each is unique (some
  /// viewers key threads by tid alone) and small.
  private func tid(_ track: Track) -> Int {
    if let tid = tids[track] { return tid }
    lastTid += 1
    tids[track] = lastTid
    return lastTid
  }

  /// The order of the tracks in a session: findings, presentations, popovers, orientations,
  /// then the controllers' lanes.
  private func sortIndex(_ track: Track) -> Int {
    switch track {
    case .findings: 1
    case .timeline(.presentations): 2
    case .timeline(.popovers): 3
    case .timeline(.interfaceOrientation): 4
    case .timeline(.deviceOrientation): 5
    case .timeline(.allowedOrientations): 6
    case .lane(let lane): 100 + lane
    // A controller's slices are drawn on a lane, never on a track of its own.
    case .timeline(.controller): 100
    }
  }

  private func use(_ track: Track) {
    if named.insert(track).inserted { used.append(track) }
  }

  private func name(_ track: Track) {
    let name: String
    switch track {
    case .findings: name = "findings"
    case .lane(let lane): name = "on screen \(lane + 1)"
    case .timeline(let track): name = track.title
    }
    let id = tid(track)
    emit(#""ph":"M","pid":\#(pid),"tid":\#(id),"name":"thread_name","args":{"name":\#(JSONString.quote(name))}"#)
    emit(#""ph":"M","pid":\#(pid),"tid":\#(id),"name":"thread_sort_index","args":{"sort_index":\#(sortIndex(track))}"#)
  }

  // MARK: - Writing

  /// A slice as written: its name and the arguments of its begin event.
  struct Slice {
    var name: String
    var args: String

    init(name: String, change: TimelineChange) {
      self.name = name
      let pairs = [("line", String(change.line))] + change.detail.map { ($0.key, JSONString.quote($0.value)) }
      args = pairs.map { "\(JSONString.quote($0.0)):\($0.1)" }.joined(separator: ",")
    }
  }

  private func write(_ edge: NestedSlices<Track, Slice>.Edge, on track: Track, at ts: Int64) {
    let id = tid(track)
    switch edge {
    case .begin(let slice):
      emit(
        #""ph":"B","pid":\#(pid),"tid":\#(id),"ts":\#(ts),"name":\#(JSONString.quote(slice.name)),"#
          + #""args":{\#(slice.args)}"#)
    case .end:
      emit(#""ph":"E","pid":\#(pid),"tid":\#(id),"ts":\#(ts)"#)
    }
  }

  private func emit(_ fields: String) {
    output.write((wroteEvent ? ",{" : "{") + fields + "}")
    wroteEvent = true
  }

  /// Trace Event timestamps are microseconds; a `t` past what 64 bits of them hold (about
  /// 292,000 years) is drawn at the end of that range.
  static func microseconds(_ seconds: Double) -> Int64 {
    let microseconds = (seconds * 1_000_000).rounded()
    return Int64(exactly: microseconds) ?? (microseconds < 0 ? .min : .max)
  }
}
