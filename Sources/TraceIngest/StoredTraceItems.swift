import TraceModel
import TraceReading
import TraceStore

/// One stored trace file as the items its ingest gave (an ``IngestItemSource``), so that another
/// store's writer stores it as if the file were ingested there: its sessions' headers and event
/// records, read from the source store (``StoredRecordsCursor``) and decoded as `ingest` decodes
/// the file, and the issues and findings stored with them, each where its line puts it.
final class StoredTraceItems: IngestItemSource {
  /// What the source store holds of the file besides its sessions' records.
  struct Trace {
    var id: Int64
    var path: String
    /// The file's content hash and size, compression, lines, as stored.
    var end: DecodedTraceEnd
    /// Its stored issues, in line order.
    var issues: [IngestIssue]
    /// Its stored findings, by session ordinal, in line order.
    var findings: [Int: [Finding]]
  }

  private let trace: Trace
  private let cursor: StoredRecordsCursor
  /// One decoder for the whole file, as its ingest had.
  private let decoder = RecordDecoder()
  /// Items that go before the next record: issues, a session's findings, the next header.
  private var queued: [IngestItem] = []
  private var head = 0
  private var nextIssue = 0
  /// The open session's ordinal.
  private var ordinal: Int?
  private let records = RecordBuffer()
  private var cancelled = false
  // Asked after each event by the one thread that decodes: the runtime's access checks would
  // protect nothing.
  @exclusivity(unchecked) private var objects = ObjectAnnouncements()
  private(set) var end: DecodedTraceEnd?

  init(_ trace: Trace, from cursor: StoredRecordsCursor) {
    self.trace = trace
    self.cursor = cursor
  }

  var record: UnsafeRawBufferPointer { records.current }

  var bytesRead: Int { 0 }

  func cancel() { cancelled = true }

  func next() throws -> IngestItem? {
    while head == queued.count {
      queued.removeAll(keepingCapacity: true)
      head = 0
      if end != nil { return nil }
      if let line = records.next() {
        guard let item = decoder.decode(line), case .event(let event) = item else { continue }
        queueIssues(before: line.number)
        objects.take { queued.append($0) }
        if queued.isEmpty { return .event(event) }
        queued.append(.event(event))
        // Memory bounded as plain ingest bounds it; the warning is among the stored issues.
        _ = objects.releaseControllers(after: event)
        objects.takeReleased { queued.append($0) }
        continue
      }
      guard !cancelled, let step = try cursor.next(of: trace.id) else {
        finishSession()
        queueIssues(before: .max)
        end = trace.end
        continue
      }
      switch step {
      case .session(let session): try start(session)
      case .records(let batch): records.load(batch)
      }
    }
    head += 1
    return queued[head - 1]
  }

  private func start(_ session: StoredSession) throws {
    finishSession()
    queueIssues(before: session.firstLine)
    var header = session.header
    let decoded = header.withUTF8 {
      decoder.decode(RawLine(number: session.firstLine, bytes: UnsafeRawBufferPointer($0)))
    }
    guard case .session(let header, let line, let symbols) = decoded else {
      throw StoreError.readFailed(
        location: cursor.location,
        reason: "the stored header of session \(session.ordinal) of \(trace.path) is not a session header")
    }
    queued.append(.session(header, line: line, text: session.header, symbols: symbols))
    symbols.tracksRecycling = true
    objects.start(symbols)
    ordinal = session.ordinal
  }

  private func finishSession() {
    guard let ordinal else { return }
    self.ordinal = nil
    if let findings = trace.findings[ordinal] { queued.append(.findings(findings)) }
  }

  private func queueIssues(before line: Int) {
    while nextIssue < trace.issues.count, trace.issues[nextIssue].line < line {
      queued.append(.issue(trace.issues[nextIssue]))
      nextIssue += 1
    }
  }
}

/// The records of one batch, copied out of it, handed out one at a time: a record's bytes stay
/// valid until the next batch is loaded (``IngestItemSource/record`` needs them until the next
/// item is asked for).
private final class RecordBuffer {
  private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
  private var used = 0
  private var lines: [(number: Int, start: Int, count: Int)] = []
  private var index = 0
  private(set) var current = UnsafeRawBufferPointer(start: nil, count: 0)

  deinit { storage.deallocate() }

  func load(_ batch: any StoredRecordBatch) {
    used = 0
    lines.removeAll(keepingCapacity: true)
    index = 0
    batch.forEach { line in
      reserve(line.bytes.count)
      UnsafeMutableRawBufferPointer(rebasing: storage[used..<used + line.bytes.count]).copyMemory(from: line.bytes)
      lines.append((line.number, used, line.bytes.count))
      used += line.bytes.count
    }
  }

  func next() -> RawLine? {
    guard index < lines.count else { return nil }
    let line = lines[index]
    index += 1
    current = UnsafeRawBufferPointer(rebasing: storage[line.start..<line.start + line.count])
    return RawLine(number: line.number, bytes: current)
  }

  private func reserve(_ count: Int) {
    guard used + count > storage.count else { return }
    let larger = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(storage.count * 2, used + count), alignment: 1)
    larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[..<used]))
    storage.deallocate()
    storage = larger
  }
}
