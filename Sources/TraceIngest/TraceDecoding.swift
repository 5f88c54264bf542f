import Replay
import TraceImporters
import TraceModel
import TraceReading
import TraceStore

/// The decoding side of an ingest: reads and decodes one trace file, hashes it and, for
/// `ingest --check`, replays each session (through the ``SessionDriver``); hands the writer
/// ``IngestItem``s in file order. Works on the writer's thread or on its own (see ``IngestPipe``).
package final class TraceDecoding: IngestItemSource, SessionObserver {
  package let path: String
  private let stream: TraceStream
  /// Every byte read, hashed as it passes (a pipe cannot be read twice; a file need not be).
  private let hashing: HashingByteSource
  private let driver: SessionDriver
  private let checks: Bool
  /// Items that go before the next one read: a session's findings and the next session.
  private var queued: [Queued] = []
  private var head = 0
  private var cancelled = false
  // Asked after each event by the one thread that decodes: the runtime's access checks would
  // protect nothing.
  @exclusivity(unchecked) private var objects = ObjectAnnouncements()
  package private(set) var end: DecodedTraceEnd?

  /// Opens the file, which is hashed while it is read.
  /// - Throws: `TraceReadError` when the file cannot be read.
  package init(path: String, rules: RuleSet?) throws {
    self.path = path
    // The model releases the ids of controllers it no longer needs, as `check` does; the rows
    // of the objects they named end (``ObjectAnnouncements``).
    driver = SessionDriver(rules: rules, recyclesIDs: true)
    checks = rules != nil
    hashing = HashingByteSource(try FileByteSource(path: path))
    stream = TraceStream(
      reader: try TraceReader(source: hashing, path: path), consoleFilter: ConsoleCatalog.filter)
  }

  package var record: UnsafeRawBufferPointer { stream.record }

  package var bytesRead: Int { stream.reader.bytesRead }

  package func cancel() { cancelled = true }

  package func next() throws -> IngestItem? {
    while true {
      while head == queued.count {
        queued.removeAll(keepingCapacity: true)
        head = 0
        if end != nil || cancelled { return nil }
        guard let item = try stream.next() else {
          driver.finishInput(kind: stream.kind, cutShort: stream.wasCutShort, to: self)
          // Bytes after the end of the text (after a damaged stream) belong to the content too.
          try stream.reader.drainSource { _ in }
          end = DecodedTraceEnd(
            compression: stream.reader.compression, kind: stream.kind ?? .trace, lines: stream.reader.linesRead,
            cutShort: stream.wasCutShort, unverifiedFromLine: stream.reader.unverifiedFromLine,
            content: (hashing.hash.finalize(), hashing.hash.byteCount))
          continue
        }
        switch item {
        case .session(_, _, let symbols):
          driver.take(item, to: self)
          symbols.tracksRecycling = true
          objects.start(symbols)
        case .event(let event):
          // An event is handed on as it comes (the driver reports nothing else for it), after
          // what its record told of its objects (told before the model may release them), and
          // before the ids released after it (only ever after an event that told something).
          objects.take { queued.append(.item($0)) }
          driver.take(item, to: self)
          if queued.isEmpty { return .event(event) }
          queued.append(.item(.event(event)))
          if driver.session?.replay == nil, let warning = objects.releaseControllers(after: event) {
            queued.append(.item(.issue(warning)))
          }
          objects.takeReleased { queued.append(.item($0)) }
        case .issue: driver.take(item, to: self)
        }
      }
      if let item = takeQueued() { return item }
    }
  }

  /// What waits in the queue: an item, or a session's findings, handed on a part at a time.
  private enum Queued {
    case item(IngestItem)
    case findings(SessionFindings)
  }

  /// How many findings one `.findings` item holds at most.
  static let findingsPerItem = 256

  /// The next queued item; nil when a session's findings turned out to be all taken.
  private func takeQueued() -> IngestItem? {
    switch queued[head] {
    case .item(let item):
      head += 1
      return item
    case .findings(let findings):
      var part: [Finding] = []
      while part.count < Self.findingsPerItem, let finding = findings.next() { part.append(finding) }
      if part.count < Self.findingsPerItem { head += 1 }
      return part.isEmpty ? nil : .findings(part)
    }
  }

  // MARK: What the driver sees

  package func sessionStarted(_ session: DrivenSession) {
    queued.append(
      .item(
        .session(
          session.header, line: session.line, text: String(decoding: stream.record, as: UTF8.self),
          symbols: session.symbols)))
  }

  package func issueFound(_ issue: IngestIssue) {
    queued.append(.item(.issue(issue)))
  }

  package func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
    if checks && session.replay != nil { queued.append(.findings(findings)) }
  }
}
