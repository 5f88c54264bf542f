import Replay

/// One row of a session's timeline in the HTML report: its slices, merged when they grow past
/// a bound so that a long session stays small to store and to draw.
struct ReportTrack {
  /// A stretch of the row: one slice, or several merged (`count` > 1).
  struct Segment {
    var start: Double
    var end: Double
    var label: String
    /// Slices open under it when it started (0 for the outermost).
    var lane: Int
    /// How many slices it stands for.
    var count = 1
  }

  /// The most segments kept; past it, short neighbours merge.
  static let capacity = 1_500

  let kind: TimelineTrack
  /// The row's label (see ``name(with:)``).
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

  /// Names the row as the session's symbols describe it, at its end (when the trace has
  /// given the classes).
  mutating func name(with model: SessionModel) {
    switch kind {
    case .controller(let vc):
      name = model.symbols.describe(vc)
      address = model.symbols.address(of: vc)
    default:
      name = kind.title
    }
  }

  /// Ends the slice of `slot` at `time` if one is open, then starts `label` if given.
  mutating func set(slot: Int, to label: String?, at time: Double) {
    if let segment = open.removeValue(forKey: slot) { close(segment, at: time) }
    guard let label else { return }
    slices += 1
    open[slot] = Segment(start: time, end: time, label: label, lane: min(open.count, 3))
  }

  /// Ends the open slices at `time`.
  mutating func finish(at time: Double) {
    for slot in open.keys.sorted() { close(open[slot]!, at: time) }
    open.removeAll()
    segments.sort { $0.start < $1.start }
  }

  private mutating func close(_ segment: Segment, at time: Double) {
    var segment = segment
    segment.end = time
    segments.append(segment)
    if segments.count > Self.capacity { coarsen() }
  }

  /// Merges neighbours on the same lane that start within a grain of each other, doubling it until
  /// half the capacity is left. Merged segments keep the label when all agree.
  private mutating func coarsen() {
    segments.sort { $0.start < $1.start }
    let span = (segments.last?.end ?? 0) - (segments.first?.start ?? 0)
    grain = max(grain * 2, span / Double(Self.capacity / 2))
    while segments.count > Self.capacity / 2 {
      var merged: [Segment] = []
      merged.reserveCapacity(segments.count)
      var lastOnLane: [Int: Int] = [:]
      for segment in segments {
        if let index = lastOnLane[segment.lane], segment.start - merged[index].start < grain {
          merged[index].end = max(merged[index].end, segment.end)
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
