import Replay
import TraceModel

/// The decoding side of an ingest: reads and decodes one trace file, hashes it and, for
/// `ingest --check`, replays each session; hands the writer ``IngestItem``s in file order.
/// Works on the writer's thread or on its own (see ``IngestPipe``).
final class TraceDecoding: IngestItemSource {
  let path: String
  private let stream: TraceStream
  /// For standard input, which cannot be hashed before it is read.
  private let hashing: HashingByteSource?
  private let rules: RuleSet?
  private var replay: SessionReplay?
  private var sessions = 0
  private var findings: [Finding] = []
  /// Items that go before the next one read: the content hash, a session's findings.
  private var queued: [IngestItem] = []
  private var cancelled = false
  private(set) var end: DecodedTraceEnd?

  /// Opens the file; a regular file is hashed first.
  /// - Throws: ``TraceReadError`` when the file cannot be read.
  init(path: String, rules: RuleSet?) throws {
    self.path = path
    self.rules = rules
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
    if !queued.isEmpty { return queued.removeFirst() }
    if end != nil || cancelled { return nil }
    guard let item = try stream.next() else {
      closeSession(cutShort: stream.wasCutShort)
      var streamed: (sha256: String, size: Int)?
      if let hashing {
        try stream.reader.drainSource { _ in }
        streamed = (hashing.hash.finalize(), hashing.hash.byteCount)
      }
      end = DecodedTraceEnd(
        compression: stream.reader.compression, kind: stream.kind ?? .trace, lines: stream.reader.linesRead,
        cutShort: stream.wasCutShort,
        streamedContent: streamed)
      return queued.isEmpty ? nil : queued.removeFirst()
    }
    switch item {
    case .event(let event):
      replay?.apply(event, into: &findings)
      return .event(event)
    case .session(let header, let line, let symbols):
      closeSession(cutShort: false)
      sessions += 1
      if let rules, header.version == 1 {
        replay = SessionReplay(header: header, symbols: symbols, ordinal: sessions, rules: rules)
      }
      let text = String(decoding: stream.record, as: UTF8.self)
      queued.append(.session(header, line: line, text: text, symbols: symbols))
      return queued.removeFirst()
    case .issue(let issue):
      return .issue(issue)
    }
  }

  /// Queues the findings of the session that ends.
  private func closeSession(cutShort: Bool) {
    guard let replay else { return }
    replay.finish(cutShort: cutShort, into: &findings)
    findings.sort { $0.line < $1.line }
    queued.append(.findings(findings))
    findings.removeAll()
    self.replay = nil
  }
}
