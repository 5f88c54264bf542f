import Foundation

/// A read-only map from short byte strings to values, for matching names in a line without
/// creating `String`s: an open-addressing hash table whose slots hold each name's length and
/// its first and last eight bytes (``ShortBytes``), so that a lookup of a name up to sixteen
/// bytes long reads one slot and compares two words; longer names are then compared whole.
/// Storage is unsafe and immutable, so that a lookup touches no reference counts.
///
/// SPI, not promised API: public only so that the lookups inline into the record scanner of
/// another module (an `@inlinable` `package` function is not inlined across modules).
@_spi(Bytes) public final class ByteStringTable<Value> {
  @usableFromInline struct Slot {
    @usableFromInline var head: UInt64
    @usableFromInline var tail: UInt64
    @usableFromInline var count: Int32
    /// The name's entry in `values` and `starts`; -1 for an empty slot.
    @usableFromInline var entry: Int32

    @usableFromInline init(head: UInt64, tail: UInt64, count: Int32, entry: Int32) {
      self.head = head
      self.tail = tail
      self.count = count
      self.entry = entry
    }
  }

  /// The names one after another, for comparing those longer than sixteen bytes.
  @usableFromInline let bytes: UnsafeMutableRawBufferPointer
  @usableFromInline let starts: UnsafeMutableBufferPointer<Int>
  @usableFromInline let values: UnsafeMutableBufferPointer<Value>
  /// A power of two of them, at most a quarter used.
  @usableFromInline let slots: UnsafeMutableBufferPointer<Slot>
  @usableFromInline let mask: Int
  @usableFromInline let maxLength: Int
  /// The entry of the empty name, or -1.
  @usableFromInline let emptyEntry: Int
  private let entryCount: Int

  /// Builds the table; later pairs with an existing key are ignored.
  package init(_ pairs: [(String, Value)]) {
    var unique: [(key: [UInt8], value: Value)] = []
    var seen: Set<[UInt8]> = []
    for (name, value) in pairs {
      let key = Array(name.utf8)
      if seen.insert(key).inserted { unique.append((key, value)) }
    }
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(1, unique.reduce(0) { $0 + $1.key.count }), alignment: 8)
    let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, unique.count))
    let values = UnsafeMutableBufferPointer<Value>.allocate(capacity: max(1, unique.count))
    var slotCount = 16
    while slotCount < unique.count * 4 { slotCount *= 2 }
    let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: slotCount)
    slots.initialize(repeating: Slot(head: 0, tail: 0, count: 0, entry: -1))
    var offset = 0
    var empty = -1
    for (index, pair) in unique.enumerated() {
      starts.initializeElement(at: index, to: offset)
      values.initializeElement(at: index, to: pair.value)
      guard !pair.key.isEmpty else {
        empty = index
        continue
      }
      pair.key.withUnsafeBytes { key in
        storage.baseAddress!.advanced(by: offset).copyMemory(from: key.baseAddress!, byteCount: key.count)
        let head = ShortBytes.head(key)
        let tail = ShortBytes.tail(key)
        var slot = Self.slot(head: head, tail: tail, count: key.count) & (slotCount - 1)
        while slots[slot].entry >= 0 { slot = (slot + 1) & (slotCount - 1) }
        slots[slot] = Slot(head: head, tail: tail, count: Int32(key.count), entry: Int32(index))
      }
      offset += pair.key.count
    }
    bytes = storage
    self.starts = starts
    self.values = values
    self.slots = slots
    mask = slotCount - 1
    maxLength = unique.map(\.key.count).max() ?? 0
    entryCount = unique.count
    emptyEntry = empty
  }

  deinit {
    bytes.deallocate()
    starts.deallocate()
    values.baseAddress!.deinitialize(count: entryCount)
    values.deallocate()
    slots.deallocate()
  }

  /// The value stored for `key`, or nil.
  @inlinable
  @_spi(Bytes) public func value(for key: UnsafeRawBufferPointer) -> Value? {
    let count = key.count
    guard count > 0 else { return emptyEntry >= 0 ? values[emptyEntry] : nil }
    guard count <= maxLength else { return nil }
    return value(head: ShortBytes.head(key), tail: ShortBytes.tail(key), count: count, key: key)
  }

  /// The value stored for a name of one to eight bytes given as ``ShortBytes/head(_:)`` would
  /// read it (zero-padded), or nil: for a scanner that has the name's bytes in a register.
  @inlinable
  @_spi(Bytes) public func value(head: UInt64, count: Int) -> Value? {
    value(head: head, tail: 0, count: count, key: nil)
  }

  /// The probe: `key`, needed only for names longer than sixteen bytes, is then compared whole.
  @inlinable @inline(__always)
  func value(head: UInt64, tail: UInt64, count: Int, key: UnsafeRawBufferPointer?) -> Value? {
    var slot = Self.slot(head: head, tail: tail, count: count) & mask
    while true {
      let candidate = slots[slot]
      guard candidate.entry >= 0 else { return nil }
      if candidate.head == head, candidate.tail == tail, Int(candidate.count) == count,
        count <= 16 || ShortBytes.equal(bytes.baseAddress! + starts[Int(candidate.entry)], key!)
      {
        return values[Int(candidate.entry)]
      }
      slot = (slot + 1) & mask
    }
  }

  /// The value stored for `string`, or nil.
  package func value(for string: String) -> Value? {
    var string = string
    return string.withUTF8 { value(for: UnsafeRawBufferPointer($0)) }
  }

  /// Where a name's probe starts: one multiplication mixes its words and length (the names are
  /// few and fixed, so the table needs no stronger hash than that).
  @inlinable @inline(__always)
  static func slot(head: UInt64, tail: UInt64, count: Int) -> Int {
    let mixed = (head ^ (tail >> 29 | tail << 35)) &+ UInt64(truncatingIfNeeded: count)
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 40)
  }
}

/// Hashing and comparing short byte strings a word at a time.
///
/// SPI, not promised API: public so that ``ByteStringTable``'s lookups can inline it.
@_spi(Bytes) public enum ShortBytes {
  /// The first eight bytes (fewer, zero-padded) as a little-endian word. Shorter strings are
  /// read with two loads that may overlap (the bytes they share are the same), not byte by byte.
  @inlinable
  @inline(__always)
  @_spi(Bytes) public static func head(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    if count >= 8 { return bytes.loadUnaligned(as: UInt64.self) }
    if count >= 4 {
      let low = UInt64(bytes.loadUnaligned(as: UInt32.self))
      let high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      return low | high << (8 * UInt64(count - 4))
    }
    if count >= 2 {
      let low = UInt64(bytes.loadUnaligned(as: UInt16.self))
      let high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
      return low | high << (8 * UInt64(count - 2))
    }
    return count == 1 ? UInt64(bytes[0]) : 0
  }

  /// The last eight bytes of strings longer than eight, else 0.
  @inlinable
  @inline(__always)
  @_spi(Bytes) public static func tail(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    bytes.count > 8 ? bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) : 0
  }

  /// A hash of the first and the last eight bytes (``head(_:)``, ``tail(_:)``) and the length:
  /// every byte of strings up to sixteen bytes (addresses, most names) counts.
  @inlinable
  @inline(__always)
  @_spi(Bytes) public static func hash(head: UInt64, tail: UInt64, count: Int) -> Int {
    var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
    hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash >> 32
    return Int(truncatingIfNeeded: hash)
  }

  /// Whether `key.count` bytes at `stored` are `key`'s: a word at a time, short keys byte by byte.
  @inlinable
  @inline(__always)
  @_spi(Bytes) public static func equal(_ stored: UnsafeRawPointer, _ key: UnsafeRawBufferPointer) -> Bool {
    let count = key.count
    guard count >= 8 else {
      for index in 0..<count where stored.load(fromByteOffset: index, as: UInt8.self) != key[index] { return false }
      return true
    }
    let base = key.baseAddress!
    var index = 0
    while index + 8 <= count {
      if stored.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        != base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      {
        return false
      }
      index += 8
    }
    return index == count
      || stored.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
}

// Unchecked because the storage is unsafe pointers, which the compiler cannot see through: it
// is written only by `init` and freed only by `deinit`, so threads may share a table as they
// may share its values.
extension ByteStringTable: @unchecked Sendable where Value: Sendable {}
