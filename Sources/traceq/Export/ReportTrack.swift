import Replay
import TraceModel

/// One row of a session's timeline in the HTML report: its slices, merged when they grow past
/// a bound so that a long session stays small to store and to draw.
struct ReportTrack {
  /// A stretch of the row: one slice, or several merged (`count` > 1).
  struct Segment {
    var start: Double
    var end: Double
    /// The places of its start and end among the changes at their instants (see
    /// ``ReportBuilder``): a burst of events at one time is drawn spread in event order.
    var startBurst = 0
    var endBurst = 0
    var label: String
    /// Slices open under it when it started (0 for the outermost).
    var lane: Int
    /// How many slices it stands for.
    var count = 1
  }

  /// The most segments kept; past it, short neighbours merge.
  static let capacity = 1_500

  let kind: TimelineTrack
  /// The row's label (see ``name(from:)``).
  private(set) var name = ""
  /// The controller's address, on a controller's track.
  private(set) var address: String?
  /// Ended slices, in the order they started.
  private(set) var segments: [Segment] = []
  /// Slices still open, by slot.
  private var open: [Int: Segment] = [:]
  /// How many slices this track had in all.
  private(set) var slices = 0
  /// Segments that start within this time of a group's first merge into it.
  private var grain = 0.0

  init(kind: TimelineTrack) { self.kind = kind }

  /// Names the row: a controller's as `names` gives it, another by what it shows.
  mutating func name(from names: [ObjectID: ControllerName]) {
    switch kind {
    case .controller(let vc):
      name = names[vc]?.name ?? ""
      address = names[vc]?.address
    default:
      name = kind.title
    }
  }

  /// Ends the slice of `slot` at `time` if one is open, then starts `label` if given; `burst`
  /// is the change's place among those at `time`.
  mutating func set(slot: Int, to label: String?, at time: Double, burst: Int = 0) {
    if let segment = open.removeValue(forKey: slot) { close(segment, at: time, burst: burst) }
    guard let label else { return }
    slices += 1
    open[slot] = Segment(
      start: time, end: time, startBurst: burst, endBurst: burst, label: label, lane: min(open.count, 3))
  }

  /// Ends the open slices at `time`, `burst` changes into it.
  mutating func finish(at time: Double, burst: Int = 0) {
    for slot in open.keys.sorted() { close(open[slot]!, at: time, burst: burst) }
    open.removeAll()
    sortByStart()
  }

  /// In the order the slices started: time, then place in the burst (a stable order for the
  /// page, later slices of an instant drawn over earlier ones).
  private mutating func sortByStart() {
    segments.sort { ($0.start, $0.startBurst) < ($1.start, $1.startBurst) }
  }

  private mutating func close(_ segment: Segment, at time: Double, burst: Int) {
    var segment = segment
    segment.end = time
    segment.endBurst = burst
    segments.append(segment)
    if segments.count > Self.capacity { coarsen() }
  }

  /// Merges neighbours on the same lane that start within a grain of each other, doubling it until
  /// half the capacity is left. Merged segments keep the label when all agree.
  private mutating func coarsen() {
    sortByStart()
    let span = (segments.last?.end ?? 0) - (segments.first?.start ?? 0)
    grain = max(grain * 2, span / Double(Self.capacity / 2))
    while segments.count > Self.capacity / 2 {
      var merged: [Segment] = []
      merged.reserveCapacity(segments.count)
      var lastOnLane: [Int: Int] = [:]
      for segment in segments {
        if let index = lastOnLane[segment.lane], segment.start - merged[index].start < grain {
          if (segment.end, segment.endBurst) > (merged[index].end, merged[index].endBurst) {
            merged[index].end = segment.end
            merged[index].endBurst = segment.endBurst
          }
          merged[index].count += segment.count
          if merged[index].label != segment.label { merged[index].label = "" }
        } else {
          lastOnLane[segment.lane] = merged.count
          merged.append(segment)
        }
      }
      segments = merged
      if segments.count > Self.capacity / 2 { grain *= 2 }
    }
  }
}

/// A controller as its track is labelled: its class and address in the session's symbols at the
/// session's end, when the trace has given the classes (read on the replay's thread; the name
/// is worded on the pages' thread).
struct ControllerName: Sendable {
  let className: String?
  let address: String

  init(_ vc: ObjectID, in model: SessionModel) {
    className = model.symbols.className(of: vc)
    address = model.symbols.address(of: vc)
  }

  /// As messages name the controller (``SessionSymbols/describe(_:)``).
  var name: String { SessionSymbols.describe(className: className, address: address) }
}
