/// The recorder's memory: a fixed pool of chunks. Callers fill the current chunk; a full
/// chunk is queued for the writer thread, which compresses and writes it, then gives it back.
/// When no chunk is free (the disk is slower than the app), events are dropped and counted,
/// so memory never grows past the pool.
///
/// Every method here expects ``lock`` to be held; none of them blocks or allocates.
final class EventBuffer: @unchecked Sendable {
  let lock = RecorderLock()
  let chunkSize: Int
  let chunkCount: Int
  private let memory: UnsafeMutableRawPointer
  /// Bytes used and events held, per chunk.
  private let used: UnsafeMutablePointer<Int>
  private let events: UnsafeMutablePointer<Int>
  /// Chunks waiting for the writer, oldest first (a ring of `chunkCount` slots).
  private let queue: UnsafeMutablePointer<Int>
  private var queueStart = 0
  private(set) var queued = 0
  /// Chunks nobody uses (a stack).
  private let free: UnsafeMutablePointer<Int>
  private var freeCount: Int
  /// The chunk callers write into.
  private(set) var current = 0

  /// Events dropped since the last `dropped` record was written.
  var pendingDrops = 0
  /// Events written or waiting to be, and events lost, since the start.
  private(set) var recorded = 0
  var dropped = 0

  init(chunkSize: Int, chunkCount: Int) {
    precondition(chunkCount >= 2, "the writer needs a chunk while callers fill another")
    self.chunkSize = chunkSize
    self.chunkCount = chunkCount
    memory = .allocate(byteCount: chunkSize * chunkCount, alignment: 64)
    used = .allocate(capacity: chunkCount)
    used.initialize(repeating: 0, count: chunkCount)
    events = .allocate(capacity: chunkCount)
    events.initialize(repeating: 0, count: chunkCount)
    queue = .allocate(capacity: chunkCount)
    queue.initialize(repeating: 0, count: chunkCount)
    free = .allocate(capacity: chunkCount)
    for index in 1..<chunkCount { free[index - 1] = index }
    freeCount = chunkCount - 1
  }

  deinit {
    memory.deallocate()
    used.deallocate()
    events.deallocate()
    queue.deallocate()
    free.deallocate()
  }

  /// Room for a record of at most `bound` bytes in the current chunk, moving to a fresh chunk
  /// when it is full; nil when no chunk is free (the caller counts a drop).
  @inline(__always) func reserve(_ bound: Int) -> UnsafeMutableRawPointer? {
    if used[current] + bound <= chunkSize { return memory + current * chunkSize + used[current] }
    guard bound <= chunkSize, freeCount > 0 else { return nil }
    seal()
    return memory + current * chunkSize
  }

  /// Marks the bytes up to `end` (inside the last reservation) as one more event.
  @inline(__always) func commit(until end: UnsafeMutableRawPointer, events count: Int = 1) {
    used[current] = (memory + current * chunkSize).distance(to: end)
    events[current] += count
    recorded += count
  }

  /// True when the current chunk holds something and another chunk is free to replace it.
  var canSeal: Bool { used[current] > 0 && freeCount > 0 }
  var currentIsEmpty: Bool { used[current] == 0 }

  /// Queues the current chunk for the writer and makes a free one current.
  func seal() {
    precondition(freeCount > 0)
    queue[(queueStart + queued) % chunkCount] = current
    queued += 1
    freeCount -= 1
    current = free[freeCount]
    lock.signal()
  }

  /// The oldest queued chunk, taken off the queue: its bytes and event count, until ``recycle(_:)``.
  func takeQueued() -> (chunk: Int, bytes: UnsafeRawBufferPointer, events: Int)? {
    guard queued > 0 else { return nil }
    let chunk = queue[queueStart]
    queueStart = (queueStart + 1) % chunkCount
    queued -= 1
    return (chunk, UnsafeRawBufferPointer(start: memory + chunk * chunkSize, count: used[chunk]), events[chunk])
  }

  /// Counts `count` accepted events as dropped after all: the writer could not write them.
  func lose(_ count: Int) {
    recorded -= count
    dropped += count
  }

  /// Gives a written chunk back to the pool.
  func recycle(_ chunk: Int) {
    used[chunk] = 0
    events[chunk] = 0
    free[freeCount] = chunk
    freeCount += 1
  }
}
