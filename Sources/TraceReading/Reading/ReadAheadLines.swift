import Foundation
import TraceModel
@_spi(Bytes) import TraceSupport

/// The lines of a ``TraceReader`` split, and scanned as JSON, on a thread of its own, a few
/// batches ahead of the consumer: inflating, splitting and the structural scan of each record
/// run on one core while decoding and replaying run on another. A batch takes the reader's
/// buffer its lines were split in (the reader goes on in the buffer the batch had), so lines are
/// not copied; memory stays bounded (``batchesAhead`` batches, each with a buffer of the
/// reader's size, of which about one chunk of decompressed text is used).
final class ReadAheadLines {
  private let filled: BoundedChannel<LineBatch, Exit>
  private let free: BoundedChannel<LineBatch, Void>
  // The consumer's side; one thread uses it.
  @exclusivity(unchecked) private var current: LineBatch?
  @exclusivity(unchecked) private var index = 0
  @exclusivity(unchecked) private var exit: Exit?
  @exclusivity(unchecked) private(set) var bytesRead = 0
  @exclusivity(unchecked) private(set) var linesRead = 0

  private static let batchLines = 4096
  private static let batchesAhead = 4

  /// How the producer left off: its reader (which no longer runs, for its end issues and the
  /// rest of the source) and the error that stopped it, if any. Unchecked `Sendable`: the reader
  /// is handed back, not shared; the producing thread sends it as its last act.
  private struct Exit: @unchecked Sendable {
    var reader: TraceReader
    var error: Error?
  }

  /// Starts splitting `reader`'s lines; from now on only the producing thread touches it.
  init(_ reader: TraceReader) {
    let filled = BoundedChannel<LineBatch, Exit>(capacity: Self.batchesAhead)
    let free = BoundedChannel<LineBatch, Void>(capacity: Self.batchesAhead)
    for _ in 0..<Self.batchesAhead { free.send(LineBatch(bufferSize: reader.bufferSize)) }
    reader.keepsSplitText = true
    self.filled = filled
    self.free = free
    // Handed over, not shared: the caller keeps no reference to `reader`.
    nonisolated(unsafe) let source = reader
    let thread = Thread { Self.produce(from: source, into: filled, taking: free) }
    thread.name = "traceq read-ahead"
    thread.stackSize = 1 << 20
    thread.start()
  }

  deinit { stop() }

  /// Stops the producer after its current batch.
  private func stop() {
    filled.cancel()
    free.close(())
  }

  /// The producing thread: fills free batches with lines until the text ends, fails, or the
  /// consumer stops.
  private static func produce(
    from reader: TraceReader, into filled: BoundedChannel<LineBatch, Exit>, taking free: BoundedChannel<LineBatch, Void>
  ) {
    let scanner = RecordScanner()
    var ended = false
    while !ended, case .value(let batch) = free.receive() {
      batch.removeAll()
      do {
        while batch.lineCount < batchLines {
          guard let line = try reader.splitLine() else {
            guard reader.needsFreshBuffer else {
              ended = true
              break
            }
            // No line of this batch is in the reader's buffer yet: exchange it and go on.
            if batch.lineCount == 0 {
              batch.takeBuffer(from: reader)
              continue
            }
            break
          }
          batch.append(line, in: reader, scanner: scanner)
        }
      } catch {
        batch.takeBuffer(from: reader)
        if batch.lineCount > 0 { _ = filled.send(batch) }
        return filled.close(Exit(reader: reader, error: error))
      }
      batch.takeBuffer(from: reader)
      batch.bytesRead = reader.bytesRead
      if batch.lineCount > 0, !filled.send(batch) { break }
    }
    filled.close(Exit(reader: reader, error: nil))
  }

  /// The next line, valid until the next call, or nil at the end of the text.
  @inline(__always)
  func next() throws -> RawLine? {
    if let batch = current, index < batch.lineCount {
      let line = batch.line(at: index)
      index += 1
      linesRead = line.number
      return line
    }
    return try nextFromNewBatch()
  }

  /// The first line of the next batch, once the current one is used up (it goes back to the
  /// producer), or nil at the end of the text.
  private func nextFromNewBatch() throws -> RawLine? {
    if let used = current {
      current = nil
      free.send(used)
    }
    while exit == nil {
      switch filled.receive() {
      case .value(let batch):
        // The producer hands over no empty batch.
        current = batch
        index = 1
        bytesRead = batch.bytesRead
        let line = batch.line(at: 0)
        linesRead = line.number
        return line
      case .end(let exit):
        self.exit = exit
        bytesRead = exit.reader.bytesRead
      }
    }
    if let error = exit?.error { throw error }
    return nil
  }

  /// The reader the producer ran, once it stopped (after ``next()`` returned nil or threw).
  var finishedReader: TraceReader? { exit?.reader }

  /// Stops the producer and hands the rest of the source to `body` unread.
  func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws {
    stop()
    while exit == nil {
      if case .end(let exit) = filled.receive() { self.exit = exit }
    }
    try exit!.reader.drainSource(body)
  }
}

/// Lines with their metadata and their JSON scan, in the reader's buffer the batch takes once
/// filled, handed from the splitting thread to the decoding one (one thread at a time holds a
/// batch).
final class LineBatch: @unchecked Sendable {
  private struct Entry {
    var number: Int
    /// Where the line starts in ``buffer``, or in ``spilled`` for a line over the limit (whose
    /// first bytes the reader keeps apart, overwritten by the next such line).
    var start: Int
    var isSpilled: Bool
    var count: Int
    var isUnterminated: Bool
    var oversizedLength: Int?
    var scan: PrescannedRecord.Summary?
    var firstSlot: Int
  }

  // Per-line state is @exclusivity(unchecked): one thread at a time holds a batch (the channels
  // hand it over) and its methods do not re-enter, so the dynamic checks would protect nothing.
  @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
  private let spilled = GrowableBytes(capacity: 256)
  @exclusivity(unchecked) private var entries: [Entry] = []
  /// The scanned values of the lines, `slotCount` of them.
  @exclusivity(unchecked) private var slots = UnsafeMutableBufferPointer<ScannedValue>.allocate(capacity: 1 << 14)
  @exclusivity(unchecked) private var slotCount = 0
  /// The source's bytes read once the batch was filled.
  @exclusivity(unchecked) var bytesRead = 0

  /// A batch with a buffer to exchange for a reader's (``TraceReader/bufferSize`` bytes).
  init(bufferSize: Int) {
    buffer = .allocate(byteCount: bufferSize, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    slots.deallocate()
  }

  var lineCount: Int { entries.count }

  func removeAll() {
    entries.removeAll(keepingCapacity: true)
    spilled.removeAll()
    slotCount = 0
  }

  /// Takes the buffer of `reader` that the lines appended since the last exchange point into,
  /// giving it this batch's (unused) buffer in return.
  func takeBuffer(from reader: TraceReader) {
    buffer = reader.exchangeBuffer(buffer)
  }

  /// Adds `line`, just split by `reader`, with the scan of its record when it holds one.
  @inline(__always)
  func append(_ line: RawLine, in reader: TraceReader, scanner: RecordScanner) {
    let count = line.bytes.count
    let isSpilled = line.oversizedLength != nil
    let start: Int
    if isSpilled {
      start = spilled.append(line.bytes).lowerBound
    } else {
      start = count == 0 ? 0 : reader.offsetInBuffer(of: line.bytes.baseAddress!)
    }
    var scan: PrescannedRecord.Summary?
    let firstSlot = slotCount
    if !isSpilled, count > 0, (try? scanner.scan(line.bytes)) != nil {
      let summary = scanner.summary
      let needed = slotCount + summary.present.nonzeroBitCount
      if needed > slots.count {
        let grown = UnsafeMutableBufferPointer<ScannedValue>.allocate(capacity: max(needed, slots.count * 2))
        _ = grown.initialize(fromContentsOf: slots[..<slotCount])
        slots.deallocate()
        slots = grown
      }
      slotCount = scanner.copySlots(to: slots.baseAddress! + slotCount) + slotCount
      scan = summary
    }
    entries.append(
      Entry(
        number: line.number, start: start, isSpilled: isSpilled, count: count, isUnterminated: line.isUnterminated,
        oversizedLength: line.oversizedLength, scan: scan, firstSlot: firstSlot))
  }

  /// The line at `index`, pointing into the batch.
  @inline(__always)
  func line(at index: Int) -> RawLine {
    let entry = entries[index]
    let bytes =
      entry.isSpilled
      ? spilled[entry.start..<entry.start + entry.count]
      : UnsafeRawBufferPointer(start: buffer.baseAddress! + entry.start, count: entry.count)
    var line = RawLine(
      number: entry.number, bytes: bytes, isUnterminated: entry.isUnterminated, oversizedLength: entry.oversizedLength)
    if let scan = entry.scan {
      line.prescanned = PrescannedRecord(summary: scan, slots: UnsafePointer(slots.baseAddress! + entry.firstSlot))
    }
    return line
  }
}

/// What a ``RecordScanner`` found in a line scanned ahead, valid with the line: the known keys
/// present, the first one repeated, the event `ev` names, and their values (one per present key,
/// in key order).
package struct PrescannedRecord {
  struct Summary {
    var present: UInt64
    var repeatedKey: RecordKey?
    var eventName: EventName?
  }

  var summary: Summary
  var slots: UnsafePointer<ScannedValue>
}
