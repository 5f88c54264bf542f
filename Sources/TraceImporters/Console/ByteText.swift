import Foundation

/// A read-only view of a line's bytes with the few text operations log sniffing needs,
/// without making a `String`.
struct ByteText {
  let bytes: UnsafeRawBufferPointer

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var count: Int { bytes.count }
  var first: UInt8? { bytes.first }

  func dropFirst(_ count: Int = 1) -> ByteText {
    ByteText(UnsafeRawBufferPointer(rebasing: bytes[min(count, bytes.count)...]))
  }

  func droppingLeading(while skip: (UInt8) -> Bool) -> ByteText {
    var start = 0
    while start < bytes.count, skip(bytes[start]) { start += 1 }
    return dropFirst(start)
  }

  func hasPrefix(_ prefix: String) -> Bool {
    var utf8 = prefix.utf8.makeIterator()
    var index = 0
    while let byte = utf8.next() {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
    }
    return true
  }

  /// The offset of the first occurrence of `needle`, or nil.
  func firstOffset(of needle: String) -> Int? {
    let needle = Array(needle.utf8)
    guard let base = bytes.baseAddress, let head = needle.first, needle.count <= bytes.count else { return nil }
    var start = 0
    let last = bytes.count - needle.count
    while start <= last, let found = memchr(base + start, Int32(head), last - start + 1) {
      let offset = base.distance(to: UnsafeRawPointer(found))
      if needle.withUnsafeBytes({ memcmp(base + offset, $0.baseAddress!, needle.count) }) == 0 { return offset }
      start = offset + 1
    }
    return nil
  }

  func contains(_ needle: String) -> Bool { firstOffset(of: needle) != nil }
}
