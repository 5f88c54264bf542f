import Foundation

/// A read-only map from short byte strings to values, for matching names in a line without
/// creating `String`s: open addressing on a hash of the first eight bytes and the length, then
/// a word comparison (and `memcmp` for the bytes past the eighth).
public struct ByteStringTable<Value>: @unchecked Sendable {
  private let keys: [[UInt8]]
  private let heads: [UInt64]
  private let values: [Value]
  private let slots: [Int32]  // index into keys/values, -1 when empty
  private let slotMask: Int

  /// Builds the table; later pairs with an existing key are ignored.
  public init(_ pairs: [(String, Value)]) {
    var keys: [[UInt8]] = []
    var heads: [UInt64] = []
    var values: [Value] = []
    var capacity = 16
    while capacity < pairs.count * 4 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    let mask = capacity - 1
    for (name, value) in pairs {
      let bytes = Array(name.utf8)
      let head = bytes.withUnsafeBytes { ShortBytes.head($0) }
      var slot = bytes.withUnsafeBytes { ShortBytes.hash($0, head: head) } & mask
      var duplicate = false
      while slots[slot] >= 0 {
        if keys[Int(slots[slot])] == bytes { duplicate = true; break }
        slot = (slot + 1) & mask
      }
      if duplicate { continue }
      slots[slot] = Int32(keys.count)
      keys.append(bytes)
      heads.append(head)
      values.append(value)
    }
    self.keys = keys
    self.heads = heads
    self.values = values
    self.slots = slots
    self.slotMask = mask
  }

  /// The value stored for `bytes`, or nil.
  public func value(for bytes: UnsafeRawBufferPointer) -> Value? {
    let head = ShortBytes.head(bytes)
    var slot = ShortBytes.hash(bytes, head: head) & slotMask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      if heads[index] == head, keys[index].count == bytes.count,
        bytes.count <= 8 || keys[index].withUnsafeBytes({ ShortBytes.tailsEqual($0, bytes) })
      {
        return values[index]
      }
      slot = (slot + 1) & slotMask
    }
  }

  /// The value stored for `string`, or nil.
  public func value(for string: String) -> Value? {
    var string = string
    return string.withUTF8 { value(for: UnsafeRawBufferPointer($0)) }
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

  /// A hash of the first and the last eight bytes and the length: every byte of strings up to
  /// sixteen bytes (addresses, most names) counts.
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer, head: UInt64) -> Int {
    let tail = bytes.count > 8 ? bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) : 0
    var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: bytes.count)
    hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash >> 32
    return Int(truncatingIfNeeded: hash)
  }

  /// Whether two strings of the same length (over eight bytes) agree past their eighth byte.
  @inline(__always)
  static func tailsEqual(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
    memcmp(first.baseAddress! + 8, second.baseAddress! + 8, first.count - 8) == 0
  }
}
