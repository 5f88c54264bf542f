import Foundation
@_spi(Bytes) import TraceModel

/// Strings made from byte strings that repeat across records (class names), kept in a small
/// direct-mapped cache: a name seen again comes back as the same `String` (a retain), not as a
/// new one (an allocation and a copy). Memory stays bounded: a slot keeps the last name that
/// hashed to it.
struct RecentStrings {
  private struct Slot {
    var head: UInt64
    var tail: UInt64
    var count: Int
    var string: String
  }

  private static let slotCount = 64
  private var slots = [Slot?](repeating: nil, count: slotCount)

  /// `bytes` as a string (invalid UTF-8 repaired), the cached one when it was made lately.
  mutating func string(_ bytes: UnsafeRawBufferPointer) -> String {
    let head = ShortBytes.head(bytes)
    let tail = ShortBytes.tail(bytes)
    let index = ShortBytes.hash(head: head, tail: tail, count: bytes.count) & (Self.slotCount - 1)
    if let slot = slots[index], slot.head == head, slot.tail == tail, slot.count == bytes.count,
      bytes.count <= 16 || Self.holds(slot.string, bytes)
    {
      return slot.string
    }
    let string = String(decoding: bytes, as: UTF8.self)
    slots[index] = Slot(head: head, tail: tail, count: bytes.count, string: string)
    return string
  }

  /// Whether `string` is exactly `bytes` (a repaired string is not, and is made again).
  private static func holds(_ string: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var string = string
    return string.withUTF8 { utf8 in
      guard utf8.count == bytes.count else { return false }
      guard let start = utf8.baseAddress else { return true }  // both empty
      return ShortBytes.equal(UnsafeRawPointer(start), bytes)
    }
  }
}
