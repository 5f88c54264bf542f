import Foundation

/// Numbers distinct byte strings densely (0, 1, 2, …) in order of first sight, looking them up
/// by their bytes so that a line's addresses need no `String` once seen.
struct ByteInterner {
  private var arena: [UInt8] = []
  private var starts: [Int32] = []
  private var lengths: [Int32] = []
  private var slots: [Int32] = Array(repeating: -1, count: 64)

  var count: Int { starts.count }

  /// The number of `bytes`, and whether it was seen for the first time.
  mutating func intern(_ bytes: UnsafeRawBufferPointer) -> (index: Int, isNew: Bool) {
    let mask = slots.count - 1
    var slot = ByteStringTable<Int>.hash(bytes) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      if Int(lengths[index]) == bytes.count, equals(index, bytes) { return (index, false) }
      slot = (slot + 1) & mask
    }
    let index = starts.count
    starts.append(Int32(arena.count))
    lengths.append(Int32(bytes.count))
    arena.append(contentsOf: bytes)
    slots[slot] = Int32(index)
    if count * 2 > slots.count { grow() }
    return (index, true)
  }

  /// The bytes of number `index`, as a string.
  func string(_ index: Int) -> String {
    let start = Int(starts[index])
    return String(decoding: arena[start..<start + Int(lengths[index])], as: UTF8.self)
  }

  private func equals(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    if bytes.isEmpty { return true }
    return arena.withUnsafeBytes { arena in
      memcmp(arena.baseAddress! + Int(starts[index]), bytes.baseAddress!, bytes.count) == 0
    }
  }

  private mutating func grow() {
    var slots = [Int32](repeating: -1, count: self.slots.count * 2)
    let mask = slots.count - 1
    arena.withUnsafeBytes { arena in
      for index in 0..<count {
        let bytes = UnsafeRawBufferPointer(rebasing: arena[Int(starts[index])..<Int(starts[index] + lengths[index])])
        var slot = ByteStringTable<Int>.hash(bytes) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
      }
    }
    self.slots = slots
  }
}
