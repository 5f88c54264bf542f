import TraceModel
@_spi(Bytes) import TraceSupport

/// The diagnostics of a text log, line by line: lines without an anchor word are skipped at once
/// (`ConsoleFilter`), a diagnostic hard-wrapped over several lines is joined (up to
/// ``maxJoinedLines``), and each is given with where it was logged: its line's prefix, else the
/// line before's (a message on a line of its own), else the file's.
final class ConsoleTextLines {
  private let filter: ConsoleFilter
  /// Lines a diagnostic may be wrapped over.
  static let maxJoinedLines = 8
  private static let maxJoinedBytes = 8192

  /// A diagnostic whose text may continue on the next lines.
  private var pending: (line: Int, text: [UInt8], lines: Int, origin: ConsoleOrigin, verdict: ConsoleFilter.Verdict)?
  /// The previous line's first bytes, for the origin of a message on a line of its own.
  private let previous = GrowableBytes(capacity: 512)
  private static let maxRemembered = 512
  /// Diagnostics complete, in line order, for the caller to take.
  private(set) var given: [(text: String, line: Int, origin: ConsoleOrigin)] = []

  init(filter: ConsoleFilter) { self.filter = filter }

  /// Takes the diagnostics complete so far.
  func take() -> [(text: String, line: Int, origin: ConsoleOrigin)] {
    defer { given.removeAll(keepingCapacity: true) }
    return given
  }

  /// Adds `bytes` to the pending diagnostic when they continue it (true); otherwise gives the
  /// pending diagnostic (false).
  func continues(_ bytes: UnsafeRawBufferPointer) -> Bool {
    if pending != nil {
      if canContinue(with: bytes) {
        appendContinuation(bytes)
        remember(bytes)
        return true
      }
      flush()
    }
    return false
  }

  /// Reads the line at `number` as the start of a diagnostic, if it holds one; `fileOrigin` is
  /// where it was logged when neither it nor the line before says.
  func start(_ bytes: UnsafeRawBufferPointer, number: Int, fileOrigin: ConsoleOrigin) {
    guard filter.firstAnchor(in: bytes) != nil else {
      remember(bytes)
      return
    }
    var origin = ConsoleOrigin(bytes)
    if origin.timestamp == nil, origin.process == nil {
      origin = ConsoleOrigin(previous.bytes)
      if origin.process == nil { origin = fileOrigin }
    }
    let text = Array(bytes)
    let verdict = verdict(of: text)
    pending = (number, text, 1, origin, verdict)
    remember(bytes)
    if verdict != .incomplete { flush() }
  }

  /// Gives the pending diagnostic, if the catalog recognises it.
  func flush() {
    guard let open = pending else { return }
    pending = nil
    guard open.verdict != .unrecognised else { return }
    given.append((String(decoding: open.text, as: UTF8.self), open.line, open.origin))
  }

  /// Whether `bytes` continues the pending diagnostic: it is still incomplete, the line is not
  /// blank, does not start a new record (a time stamp) nor a diagnostic of its own.
  private func canContinue(with bytes: UnsafeRawBufferPointer) -> Bool {
    guard let pending, pending.lines < Self.maxJoinedLines, pending.text.count < Self.maxJoinedBytes,
      pending.verdict == .incomplete
    else { return false }
    let content = Self.withoutNoise(bytes)
    guard !content.isEmpty, ConsoleOrigin(bytes).timestamp == nil else { return false }
    // A line with an anchor continues the message unless it starts a diagnostic of its own.
    return filter.firstAnchor(in: bytes) == nil || verdict(of: Array(content)) == .unrecognised
  }

  private func appendContinuation(_ bytes: UnsafeRawBufferPointer) {
    pending!.text.append(0x20)
    pending!.text.append(contentsOf: Self.withoutNoise(bytes))
    pending!.lines += 1
    pending!.verdict = verdict(of: pending!.text)
  }

  private func verdict(of text: [UInt8]) -> ConsoleFilter.Verdict {
    filter.classify(String(decoding: text, as: UTF8.self))
  }

  /// A continuation line without its quote markers, backticks, pipes and CI time stamp.
  private static func withoutNoise(_ bytes: UnsafeRawBufferPointer) -> Slice<UnsafeRawBufferPointer> {
    let start = ConsoleOrigin.noiseLength(bytes)
    var end = bytes.count
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == UInt8(ascii: "`") {
      end -= 1
    }
    return bytes[start..<end]
  }

  private func remember(_ bytes: UnsafeRawBufferPointer) {
    previous.removeAll()
    previous.append(UnsafeRawBufferPointer(rebasing: bytes.prefix(Self.maxRemembered)))
  }
}
