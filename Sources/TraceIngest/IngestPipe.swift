import Foundation
import TraceModel
import TraceStore
@_spi(Bytes) import TraceSupport

/// Decodes a file on a thread of its own and hands the items to the writer's thread in batches
/// (records copied into each batch's bytes) through a `BoundedChannel` bounded in bytes:
/// decoding runs ahead of SQLite while the bytes in flight stay under ``bytesAhead`` plus a
/// batch, whatever the length of the lines. The consuming end is an ``IngestItemSource``.
///
/// The decoding thread owns everything it creates; a session's symbols are handed over only
/// once its next session has started, when the decoder no longer changes them.
package final class IngestPipe: IngestItemSource, @unchecked Sendable {
  /// Unchecked `Sendable`: handed over, not shared (see above); the decoding thread starts a new
  /// batch after sending one.
  private struct Batch: @unchecked Sendable {
    var items: [IngestItem] = []
    /// For each `.event` item, where its record is in `bytes`, and where what its row stores
    /// of it is, with its form (split here, on the decoding thread, not on the writer's).
    var records: [Range<Int>] = []
    var stored: [(bytes: Range<Int>, form: Int64)] = []
    var bytes = GrowableBytes(capacity: 1 << 16)
    var bytesRead = 0
    /// The findings of its `.findings` items, which take memory of their own: about 500 bytes
    /// each (a message, a hint, the subjects).
    var findings = 0

    /// What the batch holds, in bytes: its records, its items and their findings.
    var cost: Int { bytes.count + items.count * MemoryLayout<IngestItem>.stride + findings * 512 }
  }

  /// A batch is handed over at this many items...
  private static let batchItems = 2048
  /// ... or once its records reach this many bytes (a record is at most one line, 1 MiB).
  static let batchBytes = 1 << 18
  /// The bytes of the batches waiting for the writer...
  static let bytesAhead = 1 << 20
  /// ... and at most this many batches, however small (a batch of short records holds more
  /// memory than its bytes say: its items and their decoded events).
  static let batchesAhead = 2

  private let channel: BoundedChannel<Batch, Result<DecodedTraceEnd, Error>>

  // The consumer's side: the writer's one thread uses it (no runtime access checks needed).
  @exclusivity(unchecked) private var current = Batch()
  @exclusivity(unchecked) private var itemIndex = 0
  @exclusivity(unchecked) private var recordIndex = 0
  @exclusivity(unchecked) private var currentRecord = 0..<0
  @exclusivity(unchecked) private var currentStored = (bytes: 0..<0, form: Int64(0))
  package private(set) var end: DecodedTraceEnd?

  /// Starts the decoding `makeDecoding` opens on a thread of its own.
  /// - Parameter onFull: called on the decoding thread when it waits for the writer (tests).
  package init(_ makeDecoding: @escaping @Sendable () throws -> TraceDecoding, onFull: (@Sendable () -> Void)? = nil) {
    let channel = BoundedChannel<Batch, Result<DecodedTraceEnd, Error>>(
      capacity: Self.bytesAhead, cost: { max($0.cost, Self.bytesAhead / Self.batchesAhead) }, onFull: onFull)
    self.channel = channel
    let thread = Thread { Self.produce(makeDecoding, into: channel) }
    thread.stackSize = 1 << 20
    thread.start()
  }

  deinit { channel.cancel() }

  // MARK: Producing

  private static func produce(
    _ makeDecoding: () throws -> TraceDecoding, into channel: BoundedChannel<Batch, Result<DecodedTraceEnd, Error>>
  ) {
    do {
      let decoding = try makeDecoding()
      var batch = Batch()
      var rest: [UInt8] = []
      while let item = try decoding.next() {
        if case .event(let event) = item {
          let record = decoding.record
          batch.records.append(batch.bytes.append(record))
          rest.removeAll(keepingCapacity: true)
          let form = RecordForm.split(event, line: record, into: &rest)
          batch.stored.append((rest.withUnsafeBytes { batch.bytes.append($0) }, form))
        }
        if case .findings(let part) = item { batch.findings += part.count }
        batch.items.append(item)
        if batch.items.count == batchItems || batch.bytes.count + batch.findings * 512 >= batchBytes {
          batch.bytesRead = decoding.bytesRead
          guard channel.send(batch) else { return decoding.cancel() }
          batch = Batch()
        }
      }
      batch.bytesRead = decoding.bytesRead
      guard channel.send(batch) else { return }
      channel.close(.success(decoding.end!))
    } catch {
      channel.close(.failure(error))
    }
  }

  // MARK: Consuming

  package func next() throws -> IngestItem? {
    while itemIndex == current.items.count {
      switch channel.receive() {
      case .value(let batch):
        current = batch
        itemIndex = 0
        recordIndex = 0
      case .end(let result):
        end = try result.get()
        return nil
      }
    }
    let item = current.items[itemIndex]
    itemIndex += 1
    if case .event = item {
      currentRecord = current.records[recordIndex]
      currentStored = current.stored[recordIndex]
      recordIndex += 1
    }
    return item
  }

  package var record: UnsafeRawBufferPointer { current.bytes[currentRecord] }

  package var storedRecord: (bytes: UnsafeRawBufferPointer, form: Int64)? {
    (current.bytes[currentStored.bytes], currentStored.form)
  }

  package var bytesRead: Int { current.bytesRead }

  package func cancel() { channel.cancel() }
}
