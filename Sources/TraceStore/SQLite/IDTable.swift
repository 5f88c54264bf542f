/// Values by row id, kept in an array from the smallest id: a session's controllers and
/// popovers have one run of ids, and the known event names the smallest ones. An id far past
/// the run (an unknown event name, numbered from ``EventNameIDs/unknownBase``) goes to a
/// dictionary. A lookup per stored event is then an index, not a hash.
struct IDTable<Value> {
  private var base: Int64 = 0
  private var dense: [Value?] = []
  private var sparse: [Int64: Value] = [:]
  /// Ids at least this far past the smallest go to the dictionary.
  private static var denseLimit: Int64 { 1 << 16 }

  init(_ pairs: [(id: Int64, value: Value)]) {
    base = pairs.map(\.id).min() ?? 0
    for (id, value) in pairs {
      let slot = id - base
      guard slot < Self.denseLimit else {
        sparse[id] = value
        continue
      }
      if slot >= dense.count { dense.append(contentsOf: repeatElement(nil, count: Int(slot) + 1 - dense.count)) }
      dense[Int(slot)] = value
    }
  }

  @inline(__always)
  subscript(id: Int64) -> Value? {
    let slot = id &- base
    if slot >= 0, slot < dense.count { return dense[Int(slot)] }
    return sparse.isEmpty ? nil : sparse[id]
  }
}
