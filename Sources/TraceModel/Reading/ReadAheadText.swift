import Foundation

/// The text of a ``DirectText`` produced on a thread of its own, up to a few blocks ahead of
/// the reader: decompressing overlaps splitting, decoding and replaying. Memory stays bounded
/// (`blocksAhead` blocks of `blockSize` bytes), which circulate through two
/// ``BoundedChannel``s: filled blocks to the reader, read ones back to the producer.
final class ReadAheadText: TextSource {
  private let filled: BoundedChannel<Block, Exit>
  /// Held by both threads: the reader reads blocks the producer may have left off with.
  private let storage: BlockStorage
  private let free: BoundedChannel<UnsafeMutableRawBufferPointer, Void>
  // The consumer's side; one thread uses it.
  @exclusivity(unchecked) private var current: Block?
  @exclusivity(unchecked) private var offset = 0
  @exclusivity(unchecked) private var exit: Exit?
  @exclusivity(unchecked) private(set) var bytesRead = 0
  @exclusivity(unchecked) private(set) var ending = StreamEnding.complete
  @exclusivity(unchecked) private(set) var startsMember = false

  private static let blockSize = 1 << 18
  private static let blocksAhead = 4

  /// A filled block.
  private struct Block {
    var bytes: UnsafeMutableRawBufferPointer
    var count: Int
    /// The source's bytes read once this block was produced.
    var bytesRead: Int
    /// Whether the block begins a compressed member after the first.
    var startsMember: Bool
  }

  /// How the producer left off: how the text ended (nil when it was stopped first), and the
  /// source it no longer touches, to read on.
  private struct Exit {
    var result: Result<StreamEnding, Error>?
    var source: DirectText
  }

  /// Starts producing `direct`'s text; from now on only the producing thread touches it.
  init(_ direct: DirectText) {
    let storage = BlockStorage(blocks: Self.blocksAhead, size: Self.blockSize)
    let filled = BoundedChannel<Block, Exit>(capacity: Self.blocksAhead)
    let free = BoundedChannel<UnsafeMutableRawBufferPointer, Void>(capacity: Self.blocksAhead)
    for bytes in storage.blocks { free.send(bytes) }
    self.filled = filled
    self.free = free
    self.storage = storage
    // Handed over, not shared: the caller keeps no reference to `direct`.
    nonisolated(unsafe) let source = direct
    // The producer holds the blocks as long as it may write into them.
    let thread = Thread { withExtendedLifetime(storage) { Self.produce(from: source, into: filled, taking: free) } }
    thread.stackSize = 1 << 20
    thread.start()
  }

  deinit { stop() }

  /// Stops the producer after its current block.
  private func stop() {
    filled.cancel()
    free.close(())
  }

  /// The producing thread: fills free blocks until the text ends, fails, or the reader stops.
  private static func produce(
    from source: DirectText, into filled: BoundedChannel<Block, Exit>,
    taking free: BoundedChannel<UnsafeMutableRawBufferPointer, Void>
  ) {
    while case .value(let bytes) = free.receive() {
      do {
        let count = try source.fill(bytes)
        guard count > 0 else { return filled.close(Exit(result: .success(source.ending), source: source)) }
        guard
          filled.send(Block(bytes: bytes, count: count, bytesRead: source.bytesRead, startsMember: source.startsMember))
        else { break }
      } catch {
        return filled.close(Exit(result: .failure(error), source: source))
      }
    }
    filled.close(Exit(result: nil, source: source))
  }

  func fill(_ room: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      if let block = current {
        let count = min(room.count, block.count - offset)
        startsMember = offset == 0 && block.startsMember
        room.baseAddress!.copyMemory(from: block.bytes.baseAddress! + offset, byteCount: count)
        offset += count
        bytesRead = block.bytesRead
        if offset == block.count {
          free.send(block.bytes)
          current = nil
        }
        return count
      }
      if let exit {
        ending = try exit.result?.get() ?? ending
        return 0
      }
      switch filled.receive() {
      case .value(let block):
        current = block
        offset = 0
      case .end(let exit):
        self.exit = exit
      }
    }
  }

  func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws {
    stop()
    while exit == nil {
      if case .end(let exit) = filled.receive() { self.exit = exit }
    }
    try exit!.source.drain(body)
  }
}

/// The blocks a ``ReadAheadText`` circulates, freed when both threads are done with them.
private final class BlockStorage: @unchecked Sendable {
  let blocks: [UnsafeMutableRawBufferPointer]

  init(blocks: Int, size: Int) {
    self.blocks = (0..<blocks).map { _ in .allocate(byteCount: size, alignment: 16) }
  }

  deinit { for bytes in blocks { bytes.deallocate() } }
}
