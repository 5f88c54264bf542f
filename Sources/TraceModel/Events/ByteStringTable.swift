import Foundation

/// A read-only map from short byte strings to values, for matching names in a line without
/// creating `String`s. Names are bucketed by length; within a bucket (a handful of names) the
/// first byte, then the rest, are compared. Storage is unsafe and immutable, so that a lookup
/// touches no reference counts.
public final class ByteStringTable<Value>: @unchecked Sendable {
  private struct Entry {
    var start: Int
    var first: UInt8
  }

  private let bytes: UnsafeMutableRawBufferPointer
  /// Sorted by length; `buckets[n]..<buckets[n + 1]` are the names of length `n`.
  private let entries: UnsafeMutableBufferPointer<Entry>
  private let values: UnsafeMutableBufferPointer<Value>
  private let buckets: UnsafeMutableBufferPointer<Int32>
  private let maxLength: Int

  /// Builds the table; later pairs with an existing key are ignored.
  public init(_ pairs: [(String, Value)]) {
    var unique: [(key: [UInt8], value: Value)] = []
    for (name, value) in pairs where !unique.contains(where: { $0.key == Array(name.utf8) }) {
      unique.append((Array(name.utf8), value))
    }
    unique.sort { $0.key.count < $1.key.count }
    maxLength = unique.last?.key.count ?? 0
    bytes = .allocate(byteCount: max(1, unique.reduce(0) { $0 + $1.key.count }), alignment: 8)
    entries = .allocate(capacity: max(1, unique.count))
    values = .allocate(capacity: max(1, unique.count))
    buckets = .allocate(capacity: maxLength + 2)
    var offset = 0
    var length = 0
    buckets[0] = 0
    for (index, pair) in unique.enumerated() {
      while length < pair.key.count {
        length += 1
        buckets[length] = Int32(index)
      }
      pair.key.withUnsafeBytes { key in
        if !key.isEmpty {
          bytes.baseAddress!.advanced(by: offset).copyMemory(from: key.baseAddress!, byteCount: key.count)
        }
      }
      entries.initializeElement(at: index, to: Entry(start: offset, first: pair.key.first ?? 0))
      values.initializeElement(at: index, to: pair.value)
      offset += pair.key.count
    }
    buckets[maxLength + 1] = Int32(unique.count)
  }

  deinit {
    bytes.deallocate()
    entries.deallocate()
    values.baseAddress!.deinitialize(count: Int(buckets[maxLength + 1]))
    values.deallocate()
    buckets.deallocate()
  }

  /// The value stored for `key`, or nil.
  public func value(for key: UnsafeRawBufferPointer) -> Value? {
    let count = key.count
    guard count <= maxLength else { return nil }
    var index = Int(buckets[count])
    let end = Int(buckets[count + 1])
    guard count > 0 else { return index < end ? values[index] : nil }
    let first = key[0]
    while index < end {
      let entry = entries[index]
      if entry.first == first, ShortBytes.equal(bytes.baseAddress! + entry.start, key) { return values[index] }
      index += 1
    }
    return nil
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
