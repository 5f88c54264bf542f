import Foundation

/// Numbers distinct byte strings densely (0, 1, 2, …) in order of first sight, looking them up
/// by their bytes so that a line's addresses need no `String` once seen. A number can be
/// removed; the next new string takes it (and its bytes' room, when they fit).
struct ByteInterner {
  private var arena: [UInt8] = []
  private var starts: [Int32] = []
  /// -1 for a removed number.
  private var lengths: [Int32] = []
  /// The bytes reserved at `starts[index]`.
  private var capacities: [Int32] = []
  /// The first eight bytes, and the last eight of strings longer than eight (else 0): with
  /// the length, they are the whole of strings up to sixteen bytes (addresses).
  private var heads: [UInt64] = []
  private var tails: [UInt64] = []
  private var slots: [Int32] = Array(repeating: -1, count: 64)
  /// Removed numbers, for the next new strings.
  private var free: [Int32] = []

  /// The numbers in use or free: every number is below it.
  var count: Int { starts.count }
  /// The numbers removed and not taken again.
  var freeCount: Int { free.count }

  /// The number of `bytes`, and whether it was seen for the first time.
  mutating func intern(_ bytes: UnsafeRawBufferPointer) -> (index: Int, isNew: Bool) {
    let mask = slots.count - 1
    let head = ShortBytes.head(bytes)
    let tail = ShortBytes.tail(bytes)
    var slot = ShortBytes.hash(head: head, tail: tail, count: bytes.count) & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      if heads[index] == head, tails[index] == tail, Int(lengths[index]) == bytes.count,
        bytes.count <= 16 || bytesEqual(index, bytes)
      {
        return (index, false)
      }
      slot = (slot + 1) & mask
    }
    let index: Int
    if let reused = free.popLast() {
      index = Int(reused)
      store(bytes, at: index)
    } else {
      index = starts.count
      starts.append(Int32(arena.count))
      lengths.append(Int32(bytes.count))
      capacities.append(Int32(bytes.count))
      heads.append(head)
      tails.append(tail)
      arena.append(contentsOf: bytes)
    }
    heads[index] = head
    tails[index] = tail
    slots[slot] = Int32(index)
    if count * 2 > slots.count { grow() }
    return (index, true)
  }

  /// Forgets the string numbered `index`: its number goes to the next new string.
  mutating func remove(_ index: Int) {
    guard lengths[index] >= 0 else { return }
    let mask = slots.count - 1
    var hole = slotOf(index)
    // Backward-shift deletion: move later entries of the probe run into the hole when their
    // home slot is not between the hole and where they sit.
    var next = (hole + 1) & mask
    while slots[next] >= 0 {
      let home = home(of: Int(slots[next])) & mask
      if (next &- home) & mask >= (next &- hole) & mask {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = -1
    lengths[index] = -1
    free.append(Int32(index))
  }

  private mutating func store(_ bytes: UnsafeRawBufferPointer, at index: Int) {
    if bytes.count > Int(capacities[index]) {
      starts[index] = Int32(arena.count)
      capacities[index] = Int32(bytes.count)
      arena.append(contentsOf: bytes)
    } else {
      let start = Int(starts[index])
      arena.withUnsafeMutableBytes { arena in
        for offset in 0..<bytes.count { arena[start + offset] = bytes[offset] }
      }
    }
    lengths[index] = Int32(bytes.count)
  }

  private func slotOf(_ index: Int) -> Int {
    let mask = slots.count - 1
    var slot = home(of: index) & mask
    while Int(slots[slot]) != index { slot = (slot + 1) & mask }
    return slot
  }

  private func home(of index: Int) -> Int {
    ShortBytes.hash(head: heads[index], tail: tails[index], count: Int(lengths[index]))
  }

  private func bytesEqual(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
    arena.withUnsafeBytes { arena in ShortBytes.equal(arena.baseAddress! + Int(starts[index]), bytes) }
  }

  private mutating func grow() {
    var slots = [Int32](repeating: -1, count: self.slots.count * 2)
    let mask = slots.count - 1
    for index in 0..<count where lengths[index] >= 0 {
      var slot = home(of: index) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
    self.slots = slots
  }
}
