import Foundation

/// A read-only map from short byte strings to values, for matching names in a line without
/// creating `String`s: an open-addressing hash table over each name's length and its first,
/// middle and last bytes (three loads, no pass over the name), then one comparison of the
/// whole name, a word at a time. Storage is unsafe and immutable, so that a lookup touches no
/// reference counts.
public final class ByteStringTable<Value>: @unchecked Sendable {
  private struct Entry {
    var start: Int32
    var count: Int32
  }

  private let bytes: UnsafeMutableRawBufferPointer
  private let entries: UnsafeMutableBufferPointer<Entry>
  private let values: UnsafeMutableBufferPointer<Value>
  /// Entry indexes by hash (a power of two of them, at most a quarter used), -1 where empty.
  private let slots: UnsafeMutableBufferPointer<Int32>
  private let mask: Int
  private let maxLength: Int
  /// The entry of the empty name, or -1.
  private let emptyEntry: Int
  private let entryCount: Int

  /// Builds the table; later pairs with an existing key are ignored.
  public init(_ pairs: [(String, Value)]) {
    var unique: [(key: [UInt8], value: Value)] = []
    for (name, value) in pairs where !unique.contains(where: { $0.key == Array(name.utf8) }) {
      unique.append((Array(name.utf8), value))
    }
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(1, unique.reduce(0) { $0 + $1.key.count }), alignment: 8)
    let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: max(1, unique.count))
    let values = UnsafeMutableBufferPointer<Value>.allocate(capacity: max(1, unique.count))
    var slotCount = 16
    while slotCount < unique.count * 4 { slotCount *= 2 }
    let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: slotCount)
    slots.initialize(repeating: -1)
    var offset = 0
    var empty = -1
    for (index, pair) in unique.enumerated() {
      entries.initializeElement(at: index, to: Entry(start: Int32(offset), count: Int32(pair.key.count)))
      values.initializeElement(at: index, to: pair.value)
      guard !pair.key.isEmpty else {
        empty = index
        continue
      }
      pair.key.withUnsafeBytes { key in
        storage.baseAddress!.advanced(by: offset).copyMemory(from: key.baseAddress!, byteCount: key.count)
        var slot = Self.hash(key) & (slotCount - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slotCount - 1) }
        slots[slot] = Int32(index)
      }
      offset += pair.key.count
    }
    bytes = storage
    self.entries = entries
    self.values = values
    self.slots = slots
    mask = slotCount - 1
    maxLength = unique.map(\.key.count).max() ?? 0
    entryCount = unique.count
    emptyEntry = empty
  }

  deinit {
    bytes.deallocate()
    entries.deallocate()
    values.baseAddress!.deinitialize(count: entryCount)
    values.deallocate()
    slots.deallocate()
  }

  /// The value stored for `key`, or nil.
  public func value(for key: UnsafeRawBufferPointer) -> Value? {
    let count = key.count
    guard count > 0 else { return emptyEntry >= 0 ? values[emptyEntry] : nil }
    guard count <= maxLength else { return nil }
    var slot = Self.hash(key) & mask
    while true {
      let index = Int(slots[slot])
      guard index >= 0 else { return nil }
      let entry = entries[index]
      if Int(entry.count) == count, ShortBytes.equal(bytes.baseAddress! + Int(entry.start), key) {
        return values[index]
      }
      slot = (slot + 1) & mask
    }
  }

  /// The value stored for `string`, or nil.
  public func value(for string: String) -> Value? {
    var string = string
    return string.withUTF8 { value(for: UnsafeRawBufferPointer($0)) }
  }

  /// A hash of a non-empty name's length and its first, middle and last bytes.
  @inline(__always)
  private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
    let count = key.count
    let mixed =
      UInt64(truncatingIfNeeded: count) | UInt64(key[0]) << 16 | UInt64(key[count >> 1]) << 24
      | UInt64(key[count - 1]) << 32
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 40)
  }
}

/// Hashing and comparing short byte strings a word at a time.
enum ShortBytes {
  /// The first eight bytes (fewer, zero-padded) as a little-endian word.
  @inline(__always)
  static func head(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    if bytes.count >= 8 { return bytes.loadUnaligned(as: UInt64.self) }
    var word: UInt64 = 0
    for index in 0..<bytes.count { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
    return word
  }

  /// The last eight bytes of strings longer than eight, else 0.
  @inline(__always)
  static func tail(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    bytes.count > 8 ? bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) : 0
  }

  /// A hash of the first and the last eight bytes (``head(_:)``, ``tail(_:)``) and the length:
  /// every byte of strings up to sixteen bytes (addresses, most names) counts.
  @inline(__always)
  static func hash(head: UInt64, tail: UInt64, count: Int) -> Int {
    var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
    hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash >> 32
    return Int(truncatingIfNeeded: hash)
  }

  /// Whether `key.count` bytes at `stored` are `key`'s: a word at a time, short keys byte by byte.
  @inline(__always)
  static func equal(_ stored: UnsafeRawPointer, _ key: UnsafeRawBufferPointer) -> Bool {
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
