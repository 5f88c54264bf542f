import Replay
import TraceModel

/// Writes a timeline as Chrome's Trace Event Format (JSON), which ui.perfetto.dev and
/// chrome://tracing open: a process per session, a thread track per controller and one each
/// for presentations, popovers, the orientations and the findings. Events are written as they
/// come; only the slices open at the moment are held.
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
  private var tracks = NestedSlices<TimelineTrack, Slice>()

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

  func change(_ change: TimelineChange, at time: Double, model: SessionModel) {
    if change.label != nil { use(Track(change.track)) }
    let ts = Self.microseconds(time)
    for slice in tracks.set(change.track, slot: change.slot, to: change.label.map { Slice(name: $0, change: change) }) {
      write(slice, on: change.track, at: ts)
    }
  }

  /// The timeline shows no model state: a finding decided later is placed at its own line anyway.
  func holding(line: Int, model: SessionModel) {}

  func finding(_ finding: Finding, at time: Double, model: SessionModel, afterLine line: Int) {
    let file = session?.file ?? ""
    let args = [
      ("rule", JSONString.quote(finding.ruleID)), ("severity", JSONString.quote(finding.severity.rawValue)),
      ("message", JSONString.quote(finding.message)), ("hint", JSONString.quote(finding.hint)),
      ("line", String(finding.line)), ("location", JSONString.quote("\(file):\(finding.line)")),
    ]
    emit(
      #""ph":"i","s":"t","pid":\#(pid),"tid":\#(tid(.findings)),"ts":\#(Self.microseconds(time)),"#
        + #""cat":"finding","name":\#(JSONString.quote("\(finding.severity.rawValue): \(finding.ruleID)")),"#
        + #""args":{\#(args.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ","))}"#)
  }

  func endSession(at time: Double, events: Int) {
    let ts = Self.microseconds(time)
    for (track, slice) in tracks.closeAll() { write(slice, on: track, at: ts) }
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
  /// then the controllers in the order the trace named them.
  private func sortIndex(_ track: Track) -> Int {
    switch track {
    case .findings: 1
    case .timeline(.presentations): 2
    case .timeline(.popovers): 3
    case .timeline(.interfaceOrientation): 4
    case .timeline(.deviceOrientation): 5
    case .timeline(.allowedOrientations): 6
    case .timeline(.controller(let vc)): 100 + vc.offset
    }
  }

  private func use(_ track: Track) {
    if named.insert(track).inserted { used.append(track) }
  }

  private func name(_ track: Track) {
    let name: String
    switch track {
    case .findings: name = "findings"
    case .timeline(.controller(let vc)): name = model?.symbols.describe(vc) ?? "controller"
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

  private func write(_ edge: NestedSlices<TimelineTrack, Slice>.Edge, on track: TimelineTrack, at ts: Int64) {
    let id = tid(Track(track))
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
