/// The slices open on each track, kept properly nested as trace viewers require: each track is
/// a stack, and ending a slice that is not on top ends the ones above it first and starts them
/// again just after (same time), so that overlapping slices never cross.
struct NestedSlices<Track: Hashable, Slice> {
  /// What to write, in order.
  enum Edge {
    case begin(Slice)
    case end
  }

  private var open: [Track: [(slot: Int, slice: Slice)]] = [:]
  /// Tracks in the order they first opened a slice, for ending them in a stable order.
  private var order: [Track] = []

  /// Ends the slice of `slot` on `track` if one is open, then starts `slice` if given.
  mutating func set(_ track: Track, slot: Int, to slice: Slice?) -> [Edge] {
    var stack = open[track] ?? []
    if open[track] == nil { order.append(track) }
    var edges: [Edge] = []
    if let index = stack.lastIndex(where: { $0.slot == slot }) {
      let above = stack[(index + 1)...]
      edges.append(contentsOf: repeatElement(.end, count: above.count + 1))
      stack.remove(at: index)
      edges.append(contentsOf: above.map { .begin($0.slice) })
    }
    if let slice {
      stack.append((slot, slice))
      edges.append(.begin(slice))
    }
    open[track] = stack
    return edges
  }

  /// Ends every open slice, the innermost first; forgets the tracks.
  mutating func closeAll() -> [(Track, Edge)] {
    var edges: [(Track, Edge)] = []
    for track in order {
      edges.append(contentsOf: repeatElement((track, .end), count: open[track]?.count ?? 0))
    }
    open.removeAll(keepingCapacity: true)
    order.removeAll(keepingCapacity: true)
    return edges
  }
}
