import TraceModel

/// The appearance callbacks of one session's controllers, counted as its events are stored,
/// for the `will_appear` … `did_disappear` columns of their `controllers` rows (schema v8).
package struct AppearanceCounts {
  /// Per object index: viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear.
  private var counts: [SIMD4<Int64>] = []

  package init() {}

  /// Counts `event` for the object at `index` when it is an appearance callback.
  @inline(__always)
  package mutating func count(_ event: EventName, of index: Int32) {
    let lane: Int
    switch event {
    case .viewWillAppear: lane = 0
    case .viewDidAppear: lane = 1
    case .viewWillDisappear: lane = 2
    case .viewDidDisappear: lane = 3
    default: return
    }
    let slot = Int(index)
    if slot >= counts.count { counts.append(contentsOf: repeatElement(.zero, count: slot + 1 - counts.count)) }
    counts[slot][lane] &+= 1
  }

  /// The four counts of the object at `index`, in column order.
  package func counts(of index: Int) -> SIMD4<Int64> {
    index < counts.count ? counts[index] : .zero
  }

  /// Forgets the session's counts (keeping the storage for the next one).
  package mutating func reset() {
    counts.removeAll(keepingCapacity: true)
  }
}
