import Replay
import TraceModel
import TraceStore

/// The decoding side of an ingest: reads and decodes one trace file, hashes it and, for
/// `ingest --check`, replays each session (through the ``SessionDriver``); hands the writer
/// ``IngestItem``s in file order. Works on the writer's thread or on its own (see ``IngestPipe``).
final class TraceDecoding: IngestItemSource, SessionObserver {
  let path: String
  private let stream: TraceStream
  /// For standard input, which cannot be hashed before it is read.
  private let hashing: HashingByteSource?
  private let driver: SessionDriver
  private let checks: Bool
  /// Items that go before the next one read: the content hash, a session's findings.
  private var queued: [IngestItem] = []
  private var head = 0
  private var cancelled = false
  private(set) var end: DecodedTraceEnd?

  /// Opens the file; a regular file is hashed first.
  /// - Throws: ``TraceReadError`` when the file cannot be read.
  init(path: String, rules: RuleSet?) throws {
    self.path = path
    driver = SessionDriver(rules: rules)
    checks = rules != nil
    let source = try FileByteSource(path: path)
    if path == "-" {
      hashing = HashingByteSource(source)
    } else {
      hashing = nil
      let content = try ContentHash.ofFile(path)
      queued.append(.content(sha256: content.sha256, size: content.size))
    }
    stream = TraceStream(
      reader: try TraceReader(source: hashing ?? source, path: path), consoleFilter: ConsoleCatalog.filter)
  }

  var record: UnsafeRawBufferPointer { stream.record }

  var bytesRead: Int { stream.reader.bytesRead }

  func cancel() { cancelled = true }

  func next() throws -> IngestItem? {
    while head == queued.count {
      queued.removeAll(keepingCapacity: true)
      head = 0
      if end != nil || cancelled { return nil }
      guard let item = try stream.next() else {
        driver.finish(cutShort: stream.wasCutShort, to: self)
        var streamed: (sha256: String, size: Int)?
        if let hashing {
          try stream.reader.drainSource { _ in }
          streamed = (hashing.hash.finalize(), hashing.hash.byteCount)
        }
        end = DecodedTraceEnd(
          compression: stream.reader.compression, kind: stream.kind ?? .trace, lines: stream.reader.linesRead,
          cutShort: stream.wasCutShort,
          streamedContent: streamed)
        continue
      }
      driver.take(item, to: self)
    }
    head += 1
    return queued[head - 1]
  }

  // MARK: What the driver sees

  func sessionStarted(_ session: DrivenSession) {
    queued.append(
      .session(
        session.header, line: session.line, text: String(decoding: stream.record, as: UTF8.self),
        symbols: session.symbols))
  }

  func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>) {
    queued.append(.event(event))
  }

  func issueFound(_ issue: IngestIssue) {
    queued.append(.issue(issue))
  }

  func sessionEnded(_ session: DrivenSession, findings: [Finding]) {
    if checks && session.replay != nil { queued.append(.findings(findings)) }
  }
}
