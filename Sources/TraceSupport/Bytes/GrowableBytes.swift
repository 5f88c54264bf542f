/// Bytes appended one run after another into one allocation that doubles when full: the byte
/// buffer of the reading and storing code (a console item's record, the first bytes of lines
/// over the limit in a read-ahead batch, the records of an ingest batch, a record rebuilt from
/// the store's columns).
///
/// Invariants, kept by every member:
/// - the allocation always exists and holds `capacity` ≥ 1 bytes, so ``bytes`` and every range
///   of it have a base address, even when ``count`` is 0 (Swift promises none for an empty
///   array or an empty buffer);
/// - `0 ≤ count ≤ capacity`, and the bytes `0..<count` are the ones appended, in order;
/// - an address taken from the buffer (``bytes``, a ``subscript(_:)``) stays valid until the
///   next append (which may move the bytes to a larger allocation) or until the buffer is
///   freed; ``removeAll()`` keeps the allocation and only forgets the bytes.
///
/// A reference type with one owner at a time: it is not `Sendable`; hand it between threads
/// only inside a type that says why that is safe.
///
/// SPI, not promised API: public only so that its appends inline into the reading and storing
/// code of other modules (an `@inlinable` `package` function is not inlined across modules: each
/// append of a record rebuilt by `check --db` was a call).
@_spi(Bytes) public final class GrowableBytes {
  // @exclusivity(unchecked): one owner at a time uses a buffer, and no member holds a property
  // across a call that could reach the buffer again, so the dynamic checks protect nothing; they
  // were half of `check --db`'s replaying thread (5 G instructions on 1 M events).
  @usableFromInline @exclusivity(unchecked) var storage: UnsafeMutableRawPointer
  @usableFromInline @exclusivity(unchecked) var capacity: Int
  @usableFromInline @exclusivity(unchecked) var length = 0

  /// An empty buffer with room for `capacity` bytes (at least one) before it grows.
  public init(capacity: Int = 1024) {
    self.capacity = max(1, capacity)
    storage = .allocate(byteCount: self.capacity, alignment: 16)
  }

  deinit { storage.deallocate() }

  /// The bytes appended since the buffer was made or emptied.
  @inlinable public var count: Int { length }

  /// All the bytes, valid until the next append.
  @inlinable public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: length) }

  /// The bytes in `range` (a range an append returned), valid until the next append.
  @inlinable public subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
    precondition(range.lowerBound >= 0 && range.upperBound <= length, "range outside the buffer's bytes")
    return UnsafeRawBufferPointer(start: storage + range.lowerBound, count: range.count)
  }

  /// Appends `bytes` (which must not point into this buffer); returns where they are.
  @inlinable @inline(__always) @discardableResult
  public func append(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    let start = length
    reserve(bytes.count)
    if let source = bytes.baseAddress { (storage + start).copyMemory(from: source, byteCount: bytes.count) }
    length = start + bytes.count
    return start..<length
  }

  /// Appends `bytes`; returns where they are.
  @inlinable @discardableResult
  public func append(_ bytes: [UInt8]) -> Range<Int> {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Appends what `write` writes at the address it is given, which has room for `maxCount`
  /// bytes; `write` returns how many it wrote (at most `maxCount`). Returns where they are.
  @inlinable @inline(__always) @discardableResult
  public func append(writingAtMost maxCount: Int, _ write: (UnsafeMutableRawPointer) -> Int) -> Range<Int> {
    let start = length
    reserve(maxCount)
    let written = write(storage + start)
    precondition(written >= 0 && written <= maxCount, "wrote \(written) bytes into room for \(maxCount)")
    length = start + written
    return start..<length
  }

  /// Forgets the bytes, keeping the allocation for the next ones.
  @inlinable public func removeAll() { length = 0 }

  /// Makes room for `extra` more bytes after the ones appended.
  @inlinable @inline(__always) func reserve(_ extra: Int) {
    precondition(extra >= 0, "negative room asked")
    if extra > capacity - length { grow(toHold: length + extra) }
  }

  /// Moves the bytes to an allocation of at least `needed` bytes (double the old one at least,
  /// so that appending n bytes one run at a time copies O(n) bytes in all).
  @usableFromInline func grow(toHold needed: Int) {
    let capacity = max(needed, self.capacity * 2)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    grown.copyMemory(from: storage, byteCount: length)
    storage.deallocate()
    storage = grown
    self.capacity = capacity
  }
}
