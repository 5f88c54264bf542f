import Foundation
import TraceModel
import TraceStore

/// Decodes a file on a thread of its own and hands the items to the writer's thread through a
/// few bounded batches (records copied into each batch's bytes): decoding runs ahead of SQLite
/// while memory stays bounded. The consuming end is an ``IngestItemSource``.
///
/// The decoding thread owns everything it creates; a session's symbols are handed over only
/// once its next session has started, when the decoder no longer changes them.
final class IngestPipe: IngestItemSource, @unchecked Sendable {
  private struct Batch {
    var items: [IngestItem] = []
    /// For each `.event` item, where its record is in `bytes`.
    var records: [Range<Int>] = []
    var bytes = RecordBytes()
    var bytesRead = 0
  }

  private static let batchItems = 2048
  private static let batchesAhead = 2

  private let condition = NSCondition()
  private var ready: [Batch] = []
  private var finished: Result<DecodedTraceEnd, Error>?
  private var cancelled = false

  // The consumer's side.
  private var current = Batch()
  private var itemIndex = 0
  private var recordIndex = 0
  private var currentRecord = 0..<0
  private(set) var end: DecodedTraceEnd?

  /// Starts the decoding `makeDecoding` opens on a thread of its own.
  init(_ makeDecoding: @escaping @Sendable () throws -> TraceDecoding) {
    let thread = Thread { [self] in produce(makeDecoding) }
    thread.stackSize = 1 << 20
    thread.start()
  }

  // MARK: Producing

  private func produce(_ makeDecoding: () throws -> TraceDecoding) {
    do {
      let decoding = try makeDecoding()
      var batch = Batch()
      while let item = try decoding.next() {
        if case .event = item {
          let record = decoding.record
          batch.records.append(batch.bytes.append(record))
        }
        batch.items.append(item)
        if batch.items.count == Self.batchItems {
          batch.bytesRead = decoding.bytesRead
          guard hand(batch) else { return }
          batch = Batch()
        }
      }
      batch.bytesRead = decoding.bytesRead
      _ = hand(batch)
      close(.success(decoding.end!))
    } catch {
      close(.failure(error))
    }
  }

  /// Waits for room, then queues `batch`; false when the consumer cancelled.
  private func hand(_ batch: Batch) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while ready.count >= Self.batchesAhead && !cancelled { condition.wait() }
    if cancelled { return false }
    ready.append(batch)
    condition.broadcast()
    return true
  }

  private func close(_ result: Result<DecodedTraceEnd, Error>) {
    condition.lock()
    finished = result
    condition.broadcast()
    condition.unlock()
  }

  // MARK: Consuming

  func next() throws -> IngestItem? {
    while itemIndex == current.items.count {
      condition.lock()
      while ready.isEmpty && finished == nil { condition.wait() }
      if ready.isEmpty {
        let result = finished!
        condition.unlock()
        end = try result.get()
        return nil
      }
      current = ready.removeFirst()
      condition.broadcast()
      condition.unlock()
      itemIndex = 0
      recordIndex = 0
    }
    let item = current.items[itemIndex]
    itemIndex += 1
    if case .event = item {
      currentRecord = current.records[recordIndex]
      recordIndex += 1
    }
    return item
  }

  var record: UnsafeRawBufferPointer { current.bytes[currentRecord] }

  var bytesRead: Int { current.bytesRead }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}

/// Bytes appended one record after another, at a stable address (a batch's records are read
/// in place by the writer).
private final class RecordBytes {
  private var storage = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 8)
  private var capacity = 1 << 16
  private var count = 0

  deinit { storage.deallocate() }

  /// Appends `bytes`; returns where they are.
  func append(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    if count + bytes.count > capacity {
      let grown = UnsafeMutableRawPointer.allocate(byteCount: max(capacity * 2, count + bytes.count), alignment: 8)
      grown.copyMemory(from: storage, byteCount: count)
      storage.deallocate()
      storage = grown
      capacity = max(capacity * 2, count + bytes.count)
    }
    if let base = bytes.baseAddress { (storage + count).copyMemory(from: base, byteCount: bytes.count) }
    count += bytes.count
    return count - bytes.count..<count
  }

  subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage + range.lowerBound, count: range.count)
  }
}
