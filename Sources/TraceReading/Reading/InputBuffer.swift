/// The compressed side of the reader: a fixed buffer refilled from a ``ByteSource``.
final class InputBuffer {
  let source: ByteSource
  let storage: UnsafeMutableRawBufferPointer
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// The unread bytes are `storage[start..<end]`.
  @exclusivity(unchecked) private(set) var start = 0
  @exclusivity(unchecked) private(set) var end = 0
  @exclusivity(unchecked) private(set) var isAtEnd = false
  /// Bytes taken from the source so far.
  @exclusivity(unchecked) private(set) var bytesRead = 0

  init(source: ByteSource, capacity: Int = 1 << 18) {
    self.source = source
    storage = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit { storage.deallocate() }

  var count: Int { end - start }
  var unread: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: storage[start..<end]) }

  func consume(_ count: Int) { start += count }

  /// Reads more from the source after the unread bytes (moving them to the front first);
  /// returns false at the end of the source.
  @discardableResult
  func refill() throws -> Bool {
    if isAtEnd { return false }
    if start > 0 {
      let pending = count
      if pending > 0 { storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: pending) }
      start = 0
      end = pending
    }
    guard end < storage.count else { return true }
    let added = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end...]))
    if added == 0 {
      isAtEnd = true
      return false
    }
    end += added
    bytesRead += added
    return true
  }

  /// Refills until at least `count` bytes are unread or the source ends.
  func ensure(_ count: Int) throws {
    while self.count < count, try refill() {}
  }

  /// Reads everything left in the source, handing each piece to `body` (used to finish a
  /// content hash after a stream stopped early).
  func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws {
    while !isAtEnd {
      start = 0
      end = 0
      if try !refill() { break }
      body(UnsafeRawBufferPointer(unread))
      start = end
    }
  }
}
