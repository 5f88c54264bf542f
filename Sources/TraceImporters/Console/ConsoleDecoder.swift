import TraceModel
import TraceReading
@_spi(Bytes) import TraceSupport

/// A decoder of console output: lines in, ``ConsoleItems`` out. What the console importers'
/// decoders share of ``InputDecoder``.
protocol ConsoleDecoder: InputDecoder {
  var items: ConsoleItems { get }
  /// Reads a line (an oversized one included); what it completes goes to ``items``.
  func feed(_ line: RawLine)
  /// The end of the file: gives what is pending to ``items``.
  func flush()
}

extension ConsoleDecoder {
  func decode(_ line: RawLine) -> TraceItem? {
    feed(line)
    return items.next()
  }

  func nextItem() -> TraceItem? { items.next() }

  var record: UnsafeRawBufferPointer? { items.record.bytes }

  var isRejected: Bool { false }

  /// A log without any diagnostic is one empty session: it was read, and is clean.
  func finish() -> IngestIssue? {
    flush()
    items.startSession()
    return nil
  }
}
