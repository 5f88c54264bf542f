import Foundation

/// The text of a ``DirectText`` produced on a thread of its own, up to a few blocks ahead of
/// the reader: decompressing overlaps splitting, decoding and replaying. Memory stays bounded
/// (`blocksAhead` blocks of `blockSize` bytes).
final class ReadAheadText: TextSource {
  private let channel: BlockChannel
  // The consumer's side; one thread uses it.
  @exclusivity(unchecked) private var current: BlockChannel.Block?
  @exclusivity(unchecked) private var offset = 0
  @exclusivity(unchecked) private(set) var bytesRead = 0
  @exclusivity(unchecked) private(set) var ending = StreamEnding.complete
  @exclusivity(unchecked) private(set) var startsMember = false

  private static let blockSize = 1 << 18
  private static let blocksAhead = 4

  /// Starts producing `direct`'s text; from now on only the producing thread touches it.
  init(_ direct: DirectText) {
    let channel = BlockChannel(blocks: Self.blocksAhead, size: Self.blockSize)
    self.channel = channel
    // Handed over, not shared: the caller keeps no reference to `direct`.
    nonisolated(unsafe) let source = direct
    let thread = Thread { channel.produce(from: source) }
    thread.stackSize = 1 << 20
    thread.start()
  }

  deinit { channel.stop() }

  func fill(_ room: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      if let block = current {
        let count = min(room.count, block.count - offset)
        startsMember = offset == 0 && block.startsMember
        room.baseAddress!.copyMemory(from: block.bytes.baseAddress! + offset, byteCount: count)
        offset += count
        bytesRead = block.bytesRead
        if offset == block.count {
          channel.recycle(block.bytes)
          current = nil
        }
        return count
      }
      switch channel.next() {
      case .block(let block):
        current = block
        offset = 0
      case .end(let result):
        ending = try result.get()
        return 0
      }
    }
  }

  func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws {
    try channel.stopAndTake().drain(body)
  }
}

/// Blocks of text on their way from the producing thread to the reader.
private final class BlockChannel: @unchecked Sendable {
  struct Block {
    var bytes: UnsafeMutableRawBufferPointer
    var count: Int
    /// The source's bytes read once this block was produced.
    var bytesRead: Int
    /// Whether the block begins a compressed member after the first.
    var startsMember: Bool
  }

  enum Next {
    case block(Block)
    case end(Result<StreamEnding, Error>)
  }

  private let condition = NSCondition()
  private let storage: [UnsafeMutableRawBufferPointer]
  private var free: [UnsafeMutableRawBufferPointer]
  private var ready: [Block] = []
  private var end: Result<StreamEnding, Error>?
  private var stopped = false
  /// Set by the producer when it leaves off, with the source it no longer touches.
  private var released: DirectText?

  init(blocks: Int, size: Int) {
    storage = (0..<blocks).map { _ in .allocate(byteCount: size, alignment: 16) }
    free = storage
  }

  deinit { for bytes in storage { bytes.deallocate() } }

  /// The producing thread: fills free blocks until the text ends, fails, or the reader stops.
  func produce(from source: DirectText) {
    defer { release(source) }
    while let bytes = takeFree() {
      let result = Result { try source.fill(bytes) }
      condition.lock()
      defer { condition.unlock() }
      switch result {
      case .success(let count) where count > 0:
        ready.append(
          Block(bytes: bytes, count: count, bytesRead: source.bytesRead, startsMember: source.startsMember))
      case .success:
        end = .success(source.ending)
      case .failure(let error):
        end = .failure(error)
      }
      condition.broadcast()
      if end != nil { return }
    }
  }

  private func takeFree() -> UnsafeMutableRawBufferPointer? {
    condition.lock()
    defer { condition.unlock() }
    while free.isEmpty && !stopped { condition.wait() }
    return stopped ? nil : free.removeLast()
  }

  private func release(_ source: DirectText) {
    condition.lock()
    released = source
    condition.broadcast()
    condition.unlock()
  }

  /// The next block, or how the text ended; waits for the producer.
  func next() -> Next {
    condition.lock()
    defer { condition.unlock() }
    while ready.isEmpty && end == nil { condition.wait() }
    return ready.isEmpty ? .end(end!) : .block(ready.removeFirst())
  }

  /// Gives a block the reader is done with back to the producer.
  func recycle(_ bytes: UnsafeMutableRawBufferPointer) {
    condition.lock()
    free.append(bytes)
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the producer after its current block.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the producer and waits until it has left off; returns the source, to read on.
  func stopAndTake() -> DirectText {
    stop()
    condition.lock()
    defer { condition.unlock() }
    while released == nil { condition.wait() }
    return released!
  }
}
