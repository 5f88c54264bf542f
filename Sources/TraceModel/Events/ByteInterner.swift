import Foundation

/// Numbers distinct byte strings densely (0, 1, 2, …) in order of first sight, looking them up
/// by their bytes so that a line's addresses need no `String` once seen.
struct ByteInterner {
  private var arena: [UInt8] = []
  private var starts: [Int32] = []
  private var lengths: [Int32] = []
  private var heads: [UInt64] = []
  private var slots: [Int32] = Array(repeating: -1, count: 64)

  var count: Int { starts.count }

  /// The number of `bytes`, and whether it was seen for the first time.
  mutating func intern(_ bytes: UnsafeRawBufferPointer) -> (index: Int, isNew: Bool) {
    let mask = slots.count - 1
    let head = ShortBytes.head(bytes)
    var slot = ShortBytes.hash(bytes, head: head) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      if heads[index] == head, Int(lengths[index]) == bytes.count, bytes.count <= 8 || tailEquals(index, bytes) {
        return (index, false)
      }
      slot = (slot + 1) & mask
    }
    let index = starts.count
    starts.append(Int32(arena.count))
    lengths.append(Int32(bytes.count))
    heads.append(head)
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

  private func tailEquals(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    arena.withUnsafeBytes { arena in ShortBytes.equal(arena.baseAddress! + Int(starts[index]), bytes) }
  }

  private mutating func grow() {
    var slots = [Int32](repeating: -1, count: self.slots.count * 2)
    let mask = slots.count - 1
    arena.withUnsafeBytes { arena in
      for index in 0..<count {
        let bytes = UnsafeRawBufferPointer(rebasing: arena[Int(starts[index])..<Int(starts[index] + lengths[index])])
        var slot = ShortBytes.hash(bytes, head: heads[index]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
      }
    }
    self.slots = slots
  }
}
