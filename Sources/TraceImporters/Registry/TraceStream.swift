import TraceModel
import TraceReading

/// A file read and decoded: the lines of a `TraceReader` through the decoder of the importer
/// that recognises the file's first non-blank line (the `InputImporters` registry), then the
/// issues found at the end of the stream. A trace goes through a `RecordDecoder`; a console
/// log, `log show` output or crash report through a console decoder that gives one session of
/// `console` events, one per UIKit diagnostic the `ConsoleFilter` recognises.
public final class TraceStream {
  /// The reader of the file's lines.
  public let reader: TraceReader
  private let context: ImportContext
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// The trace format's decoder, called as its concrete type: traces are most input, and a call
  /// through a protocol per line would cost what the format's own decoding is tuned to save.
  private let trace: TraceRecordItems
  /// The decoder of another kind, when the registry chose one at the first non-blank line.
  @exclusivity(unchecked) private var other: (any InputDecoder)?
  /// Issues of the end of the stream waiting to be handed out, last first.
  @exclusivity(unchecked) private var endIssues: [IngestIssue] = []
  @exclusivity(unchecked) private var finished = false
  /// Set at the first non-blank line.
  @exclusivity(unchecked) public private(set) var kind: InputKind?

  /// The line the last item came from (its bytes are valid until the next call to ``next()``).
  @exclusivity(unchecked) public private(set) var line: RawLine?

  /// Reads `reader`'s lines; `consoleFilter` tells which console lines are UIKit diagnostics
  /// (without one, only traces are read: anything else is rejected for its missing header).
  public init(reader: TraceReader, consoleFilter: ConsoleFilter? = nil) {
    self.reader = reader
    context = ImportContext(consoleFilter: consoleFilter, maxLineLength: reader.maxLineLength)
    trace = TraceRecordItems(maxLineLength: reader.maxLineLength)
  }

  /// Opens the file at `path` (`-` for standard input); `readsAhead` as for `TraceReader`.
  public convenience init(path: String, readsAhead: Bool = false, consoleFilter: ConsoleFilter? = nil) throws {
    self.init(reader: try TraceReader(path: path, readsAhead: readsAhead), consoleFilter: consoleFilter)
  }

  /// The name used in diagnostics (see `TraceReader.path` in TraceReading).
  public var path: String { reader.path }

  /// The last item's record in the trace format, valid until the next call to ``next()``: the
  /// line itself for a trace, the record made of a log's diagnostic for a log.
  public var record: UnsafeRawBufferPointer {
    other?.record ?? line?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// The next item, or nil at the end of the input. After a rejection (the file does not
  /// start with a header) the stream ends with that one issue.
  @inline(__always)
  public func next() throws -> TraceItem? {
    if let other { return try next(from: other) }
    return try next(from: trace)
  }

  /// The next item through `decoder`, until the first non-blank line hands the file to another.
  @inline(__always)
  private func next(from decoder: some InputDecoder) throws -> TraceItem? {
    if let item = decoder.nextItem() { return item }
    while !finished {
      guard let raw = try reader.next() else {
        finished = true
        line = nil
        if let rejection = decoder.finish() { return .issue(rejection) }
        if !decoder.isRejected { endIssues = reader.endIssues.reversed() }
        return decoder.nextItem() ?? endIssues.popLast().map(TraceItem.issue)
      }
      line = raw
      if kind == nil, raw.oversizedLength == nil, !raw.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }),
        let chosen = chooseDecoder(FirstLine(raw.bytes))
      {
        if let item = decode(raw, through: chosen) { return item }
        return try next(from: chosen)
      }
      if let item = decode(raw, through: decoder) { return item }
    }
    return endIssues.popLast().map(TraceItem.issue)
  }

  /// Decodes one line; a rejection ends the stream.
  @inline(__always)
  private func decode(_ raw: RawLine, through decoder: some InputDecoder) -> TraceItem? {
    let item = decoder.decode(raw)
    if decoder.isRejected { finished = true }
    return item
  }

  /// Asks the registry which importer reads a file starting with `first`; returns its decoder
  /// when that is not the trace format's.
  private func chooseDecoder(_ first: FirstLine) -> (any InputDecoder)? {
    let importer = InputImporters.importer(for: first)
    kind = importer.kind
    guard let chosen = importer.makeDecoder(context), !(chosen is TraceRecordItems) else { return nil }
    other = chosen
    return chosen
  }

  /// True when the stream ended early (cut short or damaged), so that the last session may
  /// be incomplete.
  public var wasCutShort: Bool {
    reader.endIssues.contains { $0.kind == .truncatedStream || $0.kind == .corruptStream }
  }
}
extension TraceStream: TraceItemSource {}
