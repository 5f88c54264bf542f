/// A file read and decoded: the lines of a ``TraceReader`` through the decoder of the file's
/// ``InputKind`` (told from its first non-blank line), then the issues found at the end of the
/// stream. A trace goes through a ``RecordDecoder``; a console log, `log show` output or crash
/// report through a console decoder that gives one session of `console` events, one per UIKit
/// diagnostic the ``ConsoleFilter`` recognises.
public final class TraceStream {
  /// The reader of the file's lines.
  public let reader: TraceReader
  /// The decoder of the trace's records.
  public let decoder: RecordDecoder
  /// Which console lines are diagnostics; without one, only traces are read (anything else is
  /// rejected for its missing header).
  private let consoleFilter: ConsoleFilter?
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// Issues waiting to be handed out, last first (a record's follow-up, the end of the stream).
  @exclusivity(unchecked) private var queued: [IngestIssue] = []
  @exclusivity(unchecked) private var finished = false
  /// Set at the first non-blank line.
  @exclusivity(unchecked) public private(set) var kind: InputKind?
  @exclusivity(unchecked) private var console: ConsoleLogDecoder?
  /// The record of the last console item.
  private let consoleRecord = GrowableBytes()

  /// The line the last item came from (its bytes are valid until the next call to ``next()``).
  @exclusivity(unchecked) public private(set) var line: RawLine?

  /// Decodes the lines of `reader`; with `consoleFilter`, console logs and crash reports too.
  public init(reader: TraceReader, consoleFilter: ConsoleFilter? = nil) {
    self.reader = reader
    decoder = RecordDecoder(maxLineLength: reader.maxLineLength)
    self.consoleFilter = consoleFilter
  }

  /// Opens the file at `path` (`-` for standard input); `readsAhead` as for ``TraceReader``.
  public convenience init(path: String, readsAhead: Bool = false, consoleFilter: ConsoleFilter? = nil) throws {
    self.init(reader: try TraceReader(path: path, readsAhead: readsAhead), consoleFilter: consoleFilter)
  }

  /// The name used in diagnostics (see ``TraceReader/path``).
  public var path: String { reader.path }

  /// The last item's record in the trace format, valid until the next call to ``next()``: the
  /// line itself for a trace, the record made of a log's diagnostic for a log.
  public var record: UnsafeRawBufferPointer {
    if console != nil { return consoleRecord.bytes }
    return line?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// The next item, or nil at the end of the trace. After a rejection (the file does not
  /// start with a header) the stream ends with that one issue.
  @inline(__always)
  public func next() throws -> TraceItem? {
    if !queued.isEmpty, let issue = queued.popLast() { return .issue(issue) }
    if console != nil, let item = nextConsoleItem() { return item }
    while !finished {
      guard let raw = try reader.next() else {
        finished = true
        line = nil
        if let console, let rejection = console.finish() {
          decoder.reject(rejection)
          return .issue(rejection)
        }
        if !decoder.isRejected { queued = reader.endIssues.reversed() }
        return nextConsoleItem() ?? queued.popLast().map(TraceItem.issue)
      }
      line = raw
      if kind == nil, raw.oversizedLength == nil, !raw.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        let sniffed = InputKind.sniff(raw.bytes)
        kind = sniffed
        if sniffed != .trace, let consoleFilter { console = ConsoleLogDecoder(kind: sniffed, filter: consoleFilter) }
      }
      if let console {
        console.feed(raw)
        if let item = nextConsoleItem() { return item }
        continue
      }
      let item = decoder.decode(raw)
      if !decoder.followUps.isEmpty { queued.append(contentsOf: decoder.followUps.reversed()) }
      if decoder.isRejected {
        finished = true
        return decoder.rejection.map(TraceItem.issue)
      }
      if let item { return item }
    }
    return nil
  }

  private func nextConsoleItem() -> TraceItem? {
    guard let (item, record) = console?.next() else { return nil }
    consoleRecord.removeAll()
    consoleRecord.append(record)
    return item
  }

  /// True when the stream ended early (cut short or damaged), so that the last session may
  /// be incomplete.
  public var wasCutShort: Bool {
    reader.endIssues.contains { $0.kind == .truncatedStream || $0.kind == .corruptStream }
  }
}
