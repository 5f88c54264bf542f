import Foundation

/// Numbers distinct byte strings densely (0, 1, 2, …) in order of first sight, looking them up
/// by their bytes so that a line's addresses need no `String` once seen. A number can be
/// removed; the next new string takes it (and its bytes' room, when they fit).
struct ByteInterner {
  /// What is known of a number's string, together: a lookup that finds it reads one entry.
  private struct Entry {
    /// The first eight bytes, and the last eight of strings longer than eight (else 0): with
    /// the length, they are the whole of strings up to sixteen bytes (addresses).
    var head: UInt64
    var tail: UInt64
    /// Where its bytes are in `arena`.
    var start: Int32
    /// -1 for a removed number.
    var length: Int32
    /// The bytes reserved at `start`.
    var capacity: Int32
  }

  /// A string found or numbered lately, by its hash: a string a record names is most often one
  /// a recent record named, and its entry here stays in cache where the table's slot and entry,
  /// spread over memory as numbers grow, may not (about nine lookups in ten end here).
  private struct Recent {
    var head: UInt64 = 0
    var tail: UInt64 = 0
    /// -1 for none.
    var length: Int32 = -1
    var index: Int32 = -1
  }

  private var arena: [UInt8] = []
  private var entries: [Entry] = []
  private var slots: [Int32] = Array(repeating: -1, count: 64)
  /// Strings up to sixteen bytes (which ``Recent`` holds whole), a power of two of them.
  private var recent = [Recent](repeating: Recent(), count: 64)
  /// Removed numbers, for the next new strings.
  private var free: [Int32] = []

  /// The numbers in use or free: every number is below it.
  var count: Int { entries.count }
  /// The numbers removed and not taken again.
  var freeCount: Int { free.count }

  /// The number of `bytes`, and whether it was seen for the first time.
  @inline(__always)
  mutating func intern(_ bytes: UnsafeRawBufferPointer) -> (index: Int, isNew: Bool) {
    let head = ShortBytes.head(bytes)
    let tail = ShortBytes.tail(bytes)
    let hash = ShortBytes.hash(head: head, tail: tail, count: bytes.count)
    let lately = recent[hash & (recent.count - 1)]
    if lately.head == head, lately.tail == tail, Int(lately.length) == bytes.count {
      return (Int(lately.index), false)
    }
    let found = lookUp(bytes, head: head, tail: tail, hash: hash)
    if bytes.count <= 16 {
      recent[hash & (recent.count - 1)] = Recent(
        head: head, tail: tail, length: Int32(bytes.count), index: Int32(found.index))
    }
    return found
  }

  /// The number of `bytes` from the table, numbering them if new.
  private mutating func lookUp(_ bytes: UnsafeRawBufferPointer, head: UInt64, tail: UInt64, hash: Int) -> (
    index: Int, isNew: Bool
  ) {
    let mask = slots.count - 1
    var slot = hash & mask
    while true {
      let index = Int(slots[slot])
      if index < 0 { break }
      let entry = entries[index]
      if entry.head == head, entry.tail == tail, Int(entry.length) == bytes.count,
        bytes.count <= 16 || bytesEqual(entry, bytes)
      {
        return (index, false)
      }
      slot = (slot + 1) & mask
    }
    return (insert(bytes, head: head, tail: tail, at: slot), true)
  }

  /// Numbers a new string, whose probe ended at the empty `slot`.
  private mutating func insert(_ bytes: UnsafeRawBufferPointer, head: UInt64, tail: UInt64, at slot: Int) -> Int {
    let index: Int
    if let reused = free.popLast() {
      index = Int(reused)
      store(bytes, at: index)
      entries[index].head = head
      entries[index].tail = tail
    } else {
      index = entries.count
      let length = Int32(bytes.count)
      entries.append(Entry(head: head, tail: tail, start: Int32(arena.count), length: length, capacity: length))
      arena.append(contentsOf: bytes)
    }
    slots[slot] = Int32(index)
    if count * 2 > slots.count { grow() }
    return index
  }

  /// Forgets the string numbered `index`: its number goes to the next new string.
  mutating func remove(_ index: Int) {
    guard entries[index].length >= 0 else { return }
    let recentSlot = home(of: index) & (recent.count - 1)
    if recent[recentSlot].index == Int32(index) { recent[recentSlot] = Recent() }
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
    entries[index].length = -1
    free.append(Int32(index))
  }

  private mutating func store(_ bytes: UnsafeRawBufferPointer, at index: Int) {
    if bytes.count > Int(entries[index].capacity) {
      entries[index].start = Int32(arena.count)
      entries[index].capacity = Int32(bytes.count)
      arena.append(contentsOf: bytes)
    } else {
      let start = Int(entries[index].start)
      arena.withUnsafeMutableBytes { arena in
        for offset in 0..<bytes.count { arena[start + offset] = bytes[offset] }
      }
    }
    entries[index].length = Int32(bytes.count)
  }

  private func slotOf(_ index: Int) -> Int {
    let mask = slots.count - 1
    var slot = home(of: index) & mask
    while Int(slots[slot]) != index { slot = (slot + 1) & mask }
    return slot
  }

  private func home(of index: Int) -> Int {
    let entry = entries[index]
    return ShortBytes.hash(head: entry.head, tail: entry.tail, count: Int(entry.length))
  }

  private func bytesEqual(_ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
    arena.withUnsafeBytes { arena in
      guard let start = arena.baseAddress else { return bytes.isEmpty }  // nothing stored yet
      return ShortBytes.equal(start + Int(entry.start), bytes)
    }
  }

  private mutating func grow() {
    var slots = [Int32](repeating: -1, count: self.slots.count * 2)
    let mask = slots.count - 1
    for index in 0..<count where entries[index].length >= 0 {
      var slot = home(of: index) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
    self.slots = slots
  }
}
