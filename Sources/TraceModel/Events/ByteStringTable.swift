import Foundation

/// A read-only map from short byte strings to values, for matching names in a line without
/// creating `String`s: open addressing on an FNV-1a hash, then a byte comparison.
public struct ByteStringTable<Value>: @unchecked Sendable {
  private let keys: [[UInt8]]
  private let values: [Value]
  private let slots: [Int32]  // index into keys/values, -1 when empty
  private let slotMask: Int

  /// Builds the table; later pairs with an existing key are ignored.
  public init(_ pairs: [(String, Value)]) {
    var keys: [[UInt8]] = []
    var values: [Value] = []
    var capacity = 16
    while capacity < pairs.count * 4 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    let mask = capacity - 1
    for (name, value) in pairs {
      let bytes = Array(name.utf8)
      var slot = bytes.withUnsafeBytes { Self.hash($0) } & mask
      var duplicate = false
      while slots[slot] >= 0 {
        if keys[Int(slots[slot])] == bytes { duplicate = true; break }
        slot = (slot + 1) & mask
      }
      if duplicate { continue }
      slots[slot] = Int32(keys.count)
      keys.append(bytes)
      values.append(value)
    }
    self.keys = keys
    self.values = values
    self.slots = slots
    self.slotMask = mask
  }

  /// The value stored for `bytes`, or nil.
  public func value(for bytes: UnsafeRawBufferPointer) -> Value? {
    var slot = Self.hash(bytes) & slotMask
    while true {
      let index = Int(slots[slot])
      if index < 0 { return nil }
      let key = keys[index]
      if key.count == bytes.count,
        bytes.isEmpty || key.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
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

  /// FNV-1a over the bytes.
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }
}
