import TraceModel
import TraceReading

/// The items of a trace: each line through a `RecordDecoder`, the issues that follow a record
/// handed out after it.
final class TraceRecordItems: InputDecoder {
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  let decoder: RecordDecoder
  /// Issues waiting to be handed out, last first.
  @exclusivity(unchecked) private var followUps: [IngestIssue] = []

  init(maxLineLength: Int) {
    decoder = RecordDecoder(maxLineLength: maxLineLength)
  }

  @inline(__always)
  func decode(_ line: RawLine) -> TraceItem? {
    let item = decoder.decode(line)
    if !decoder.followUps.isEmpty { followUps.append(contentsOf: decoder.followUps.reversed()) }
    if decoder.isRejected { return decoder.rejection.map(TraceItem.issue) }
    return item
  }

  @inline(__always)
  func nextItem() -> TraceItem? {
    followUps.isEmpty ? nil : followUps.popLast().map(TraceItem.issue)
  }

  var record: UnsafeRawBufferPointer? { nil }

  var isRejected: Bool { decoder.isRejected }

  func finish() -> IngestIssue? { nil }
}
