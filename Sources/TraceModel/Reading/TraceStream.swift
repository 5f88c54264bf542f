/// A trace file read and decoded: the lines of a ``TraceReader`` through a ``RecordDecoder``,
/// then the issues found at the end of the stream.
public final class TraceStream {
  public let reader: TraceReader
  public let decoder: RecordDecoder
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// Issues waiting to be handed out, last first (a record's follow-up, the end of the stream).
  @exclusivity(unchecked) private var queued: [IngestIssue] = []
  @exclusivity(unchecked) private var finished = false

  /// The line the last item came from (its bytes are valid until the next call to ``next()``).
  @exclusivity(unchecked) public private(set) var line: RawLine?

  public init(reader: TraceReader) {
    self.reader = reader
    decoder = RecordDecoder(maxLineLength: reader.maxLineLength)
  }

  /// Opens the trace at `path` (`-` for standard input); `readsAhead` as for ``TraceReader``.
  public convenience init(path: String, readsAhead: Bool = false) throws {
    self.init(reader: try TraceReader(path: path, readsAhead: readsAhead))
  }

  public var path: String { reader.path }

  /// The next item, or nil at the end of the trace. After a rejection (the file does not
  /// start with a header) the stream ends with that one issue.
  public func next() throws -> TraceItem? {
    if let issue = queued.popLast() { return .issue(issue) }
    while !finished {
      guard let raw = try reader.next() else {
        finished = true
        line = nil
        if !decoder.isRejected { queued = reader.endIssues.reversed() }
        return queued.popLast().map(TraceItem.issue)
      }
      line = raw
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

  /// True when the stream ended early (cut short or damaged), so that the last session may
  /// be incomplete.
  public var wasCutShort: Bool {
    reader.endIssues.contains { $0.kind == .truncatedStream || $0.kind == .corruptStream }
  }
}
