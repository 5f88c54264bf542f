import Foundation
import TraceModel

/// Reads a trace as lines of decompressed text, streaming: memory stays the same whatever
/// the size of the file. Compression is told from the first bytes (`Compression/sniff(_:)`).
///
/// A stream cut short or damaged is read up to its last complete line; what went wrong is in
/// ``endIssues`` once ``next()`` has returned nil.
public final class TraceReader {
  /// The name used in diagnostics (the path as given, `-` for standard input).
  public let path: String
  /// The compression told from the file's first bytes.
  public let compression: Compression
  /// Lines longer than this many bytes are skipped and reported (``RawLine/oversizedLength``).
  public let maxLineLength: Int

  private let text: DirectText
  /// Where the text is decompressed; with ``keepsSplitText``, exchanged for another one by
  /// ``exchangeBuffer(_:)``.
  private var buffer: UnsafeMutableRawBufferPointer
  /// With `readsAhead`: another reader of the same text splitting lines on a thread of its own.
  private let ahead: ReadAheadLines?
  private static let chunk = 1 << 18
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// The unread text is `buffer[start..<end]`; no newline in `start..<searched`.
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private var searched = 0
  @exclusivity(unchecked) private var lineNumber = 0
  @exclusivity(unchecked) private var producerEnding: StreamEnding?
  /// While skipping a line over the limit: the length seen so far (its first bytes are in
  /// `oversizedPrefix`).
  @exclusivity(unchecked) private var oversized: (prefixLength: Int, length: Int)?
  private let oversizedPrefix: UnsafeMutableRawBufferPointer = .allocate(byteCount: IngestIssue.rawLimit, alignment: 1)
  private var fragmentDropped = false
  /// Whether the start of the text was looked at for a byte order mark.
  @exclusivity(unchecked) private var checkedStart = false
  /// Set for the reader of the read-ahead thread: the lines it split stay where they are in the
  /// buffer, which the batch holding them takes (``exchangeBuffer(_:)``), rather than being
  /// copied. Once the text in the buffer is split, ``splitLine()`` returns nil with
  /// ``needsFreshBuffer`` set instead of decompressing more (so that a batch holds the lines of
  /// one chunk of text, and only the start of a line moves to the next buffer).
  var keepsSplitText = false
  @exclusivity(unchecked) private(set) var needsFreshBuffer = false

  /// What went wrong at the end of the stream (cut short, damaged, trailing bytes); set once
  /// ``next()`` has returned nil.
  public var endIssues: [IngestIssue] { ahead.map { $0.finishedReader?.endIssues ?? [] } ?? ownEndIssues }
  private var ownEndIssues: [IngestIssue] = []

  /// For a compressed stream found damaged (a checksum that does not match, data zlib
  /// rejects): the first line no checksum vouches for, the start of the damaged member. What
  /// was read from there on may be wrong. Set once ``next()`` has returned nil.
  public var unverifiedFromLine: Int? { ahead.map { $0.finishedReader?.unverifiedFromLine } ?? ownUnverifiedFromLine }
  private var ownUnverifiedFromLine: Int?

  /// The line where the current compressed member starts (1 for the first).
  @exclusivity(unchecked) private var memberStartLine = 1

  /// Opens the file at `path` (`-` reads standard input).
  public convenience init(path: String, maxLineLength: Int = 1 << 20, readsAhead: Bool = false) throws {
    try self.init(source: FileByteSource(path: path), path: path, maxLineLength: maxLineLength, readsAhead: readsAhead)
  }

  /// Reads `source`, named `path` in diagnostics. With `readsAhead`, the text is decompressed,
  /// split into lines and each record scanned as JSON on a thread of its own, a few batches
  /// ahead of the lines handed out (worth it when a core is free: that is about half of a check).
  public convenience init(source: ByteSource, path: String, maxLineLength: Int = 1 << 20, readsAhead: Bool = false)
    throws
  {
    let direct = try DirectText(source: source)
    guard readsAhead else {
      self.init(direct, path: path, maxLineLength: maxLineLength, ahead: nil)
      return
    }
    let splitting = TraceReader(direct, path: path, maxLineLength: maxLineLength, ahead: nil)
    self.init(direct, path: path, maxLineLength: maxLineLength, ahead: ReadAheadLines(splitting))
  }

  /// A reader of `text`; with `ahead`, one that hands out the lines `ahead` splits (from the
  /// same text, which this one then never touches).
  private init(_ text: DirectText, path: String, maxLineLength: Int, ahead: ReadAheadLines?) {
    self.path = path
    self.maxLineLength = maxLineLength
    compression = text.compression
    self.text = text
    self.ahead = ahead
    buffer = .allocate(byteCount: ahead == nil ? maxLineLength + Self.chunk : 0, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    oversizedPrefix.deallocate()
  }

  /// Bytes taken from the source so far (compressed bytes for a compressed trace).
  public var bytesRead: Int { ahead?.bytesRead ?? text.bytesRead }

  /// Lines handed out so far.
  public var linesRead: Int { ahead?.linesRead ?? lineNumber }

  /// The next line, or nil at the end of the stream. The line's bytes are valid until the
  /// next call.
  @inline(__always)
  public func next() throws -> RawLine? {
    if let ahead { return try ahead.next() }
    return try nextSplit()
  }

  /// The next line split here (no thread reads ahead), out of line for the stream's loop.
  private func nextSplit() throws -> RawLine? { try splitLine() }

  /// The next line split here, or nil at the end of the text (or when ``needsFreshBuffer``).
  /// Inlined into the read-ahead thread's loop as well, so that the line comes back in
  /// registers rather than through memory.
  @inline(__always)
  func splitLine() throws -> RawLine? {
    let base = buffer.baseAddress!
    while true {
      if checkedStart || checkStart(), searched < end, let newline = memchr(base + searched, 0x0A, end - searched) {
        let lineStart = start
        var lineEnd = base.distance(to: UnsafeMutableRawPointer(newline))
        start = lineEnd + 1
        searched = start
        lineNumber += 1
        if let skipped = oversized {
          oversized = nil
          return oversizedLine(skipped, length: skipped.length + lineEnd - lineStart, isUnterminated: false)
        }
        if lineEnd - lineStart > maxLineLength {
          return oversizedLine(
            keepPrefix(from: lineStart, to: lineEnd), length: lineEnd - lineStart, isUnterminated: false)
        }
        if lineEnd > lineStart, base.load(fromByteOffset: lineEnd - 1, as: UInt8.self) == 0x0D { lineEnd -= 1 }
        return RawLine(
          number: lineNumber, bytes: UnsafeRawBufferPointer(start: base + lineStart, count: lineEnd - lineStart))
      }
      if checkedStart {
        searched = end
        if let ending = producerEnding { return finish(ending) }
      }
      if keepsSplitText, start > 0 {
        needsFreshBuffer = true
        return nil
      }
      makeRoom()
      let room = UnsafeMutableRawBufferPointer(rebasing: buffer[end..<min(buffer.count, end + Self.chunk)])
      let produced = try text.fill(room)
      if produced == 0 {
        producerEnding = text.ending
      } else {
        if text.startsMember { memberStartLine = lineNumber + 1 + newlines(from: start, to: end) }
        end += produced
      }
    }
  }

  /// Skips a UTF-8 byte order mark at the start of the text, once its first three bytes are
  /// there (or the text ended); returns whether the start was checked.
  private func checkStart() -> Bool {
    guard end - start >= 3 || producerEnding != nil else { return false }
    checkedStart = true
    if end - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF {
      start += 3
      searched = start
    }
    return true
  }

  /// Where `pointer`, into a line just split, is in the buffer.
  @inline(__always)
  func offsetInBuffer(of pointer: UnsafeRawPointer) -> Int {
    UnsafeRawPointer(buffer.baseAddress!).distance(to: pointer)
  }

  /// The size of the buffer, for making ones to exchange it for.
  var bufferSize: Int { buffer.count }

  /// Hands over the buffer that the lines split since the last exchange point into, taking
  /// `fresh` (as large) in its place, with the text not split yet copied to its start.
  func exchangeBuffer(_ fresh: UnsafeMutableRawBufferPointer) -> UnsafeMutableRawBufferPointer {
    precondition(fresh.count == buffer.count, "a buffer of another size")
    let pending = end - start
    if pending > 0 { fresh.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: pending) }
    let used = buffer
    buffer = fresh
    searched -= start
    end = pending
    start = 0
    needsFreshBuffer = false
    return used
  }

  /// Drops what was read of a line over the limit, or moves the unread text to the front.
  private func makeRoom() {
    if var skipped = oversized {
      skipped.length += end - start
      oversized = skipped
      start = 0
      end = 0
      searched = 0
    } else if end - start > maxLineLength {
      oversized = keepPrefix(from: start, to: end)
      start = 0
      end = 0
      searched = 0
    } else if buffer.count - end < Self.chunk, start > 0 {
      let pending = end - start
      buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: pending)
      start = 0
      end = pending
      searched = pending
    }
  }

  /// The text after the last newline: a last line without newline when the stream ended
  /// cleanly, dropped when it was cut short. Then nil, with ``endIssues`` set.
  private func finish(_ ending: StreamEnding) -> RawLine? {
    let cleanEnd = ending == .complete || { if case .trailingData = ending { true } else { false } }()
    if let skipped = oversized {
      oversized = nil
      if cleanEnd {
        lineNumber += 1
        return oversizedLine(skipped, length: skipped.length + end - start, isUnterminated: true)
      }
      fragmentDropped = true
    } else if start < end {
      let lineStart = start
      start = end
      if cleanEnd, end - lineStart > maxLineLength {
        lineNumber += 1
        return oversizedLine(keepPrefix(from: lineStart, to: end), length: end - lineStart, isUnterminated: true)
      }
      if cleanEnd {
        lineNumber += 1
        return RawLine(
          number: lineNumber, bytes: UnsafeRawBufferPointer(rebasing: buffer[lineStart..<end]), isUnterminated: true)
      }
      fragmentDropped = true
    }
    if ownEndIssues.isEmpty, let issue = issue(for: ending) { ownEndIssues.append(issue) }
    return nil
  }

  /// How many newlines `buffer[from..<to]` holds (at member boundaries only, which are rare).
  private func newlines(from lower: Int, to upper: Int) -> Int {
    UnsafeRawBufferPointer(rebasing: buffer[lower..<upper]).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// Copies the first bytes of a line over the limit, for its issue.
  private func keepPrefix(from lineStart: Int, to lineEnd: Int) -> (prefixLength: Int, length: Int) {
    let prefixLength = min(oversizedPrefix.count, lineEnd - lineStart)
    oversizedPrefix.baseAddress!.copyMemory(from: buffer.baseAddress! + lineStart, byteCount: prefixLength)
    return (prefixLength, lineEnd - lineStart)
  }

  private func oversizedLine(_ skipped: (prefixLength: Int, length: Int), length: Int, isUnterminated: Bool) -> RawLine
  {
    let prefix = UnsafeRawBufferPointer(rebasing: oversizedPrefix[..<skipped.prefixLength])
    return RawLine(number: lineNumber, bytes: prefix, isUnterminated: isUnterminated, oversizedLength: length)
  }

  private func issue(for ending: StreamEnding) -> IngestIssue? {
    let lastGood = lineNumber
    let readSoFar = lastGood == 0 ? "before its first complete line" : "after line \(lastGood), the last complete line"
    let dropped = fragmentDropped ? "; the partial line \(lastGood + 1) is dropped" : ""
    switch ending {
    case .complete:
      return nil
    case .truncated:
      return IngestIssue(
        .truncatedStream, line: lastGood + 1,
        "the \(compression) stream ends early (the file was cut short) \(readSoFar)\(dropped)")
    case .presetDictionary:
      return IngestIssue(
        .corruptStream, line: 1,
        "the zlib stream needs a preset dictionary (it was compressed with deflateSetDictionary), which the file "
          + "does not carry; traceq cannot decompress it: write the trace without a dictionary")
    case .corrupt(let reason):
      ownUnverifiedFromLine = memberStartLine
      let unverified =
        memberStartLine > lastGood
        ? ""
        : "; lines \(memberStartLine)–\(lastGood) were read but no checksum vouches for them: the findings and "
          + "events from them may be wrong"
      if reason.hasSuffix("check") {  // "zlib: incorrect data check", "ISA-L: incorrect length check"
        return IngestIssue(
          .corruptStream, line: memberStartLine,
          "the \(compression) checksum does not match (\(reason)): the data was damaged "
            + (memberStartLine == 1 ? "somewhere in the file" : "after line \(memberStartLine - 1)")
            + unverified + dropped)
      }
      return IngestIssue(
        .corruptStream, line: lastGood + 1,
        "the \(compression) data is damaged (\(reason)) \(readSoFar); nothing after it can be read"
          + unverified + dropped)
    case .trailingData(let count):
      return IngestIssue(
        .trailingData, line: max(lastGood, 1),
        "\(count) bytes after the end of the \(compression) stream are not a gzip member and are ignored")
    }
  }

  /// Reads the rest of the source without decoding it, handing each piece to `body`; for
  /// finishing a content hash of a stream that stopped early.
  public func drainSource(_ body: (UnsafeRawBufferPointer) -> Void) throws {
    if let ahead { return try ahead.drain(body) }
    try text.drain(body)
  }
}
