import Foundation

/// Turns the lines of a console log, `log show` output or crash report into the items of a
/// trace: one session for the file, then a `console` event for each UIKit diagnostic, at the
/// line where it starts. Lines without an anchor word are skipped at once (``ConsoleFilter``);
/// a diagnostic hard-wrapped over several lines is joined (up to ``maxJoinedLines``); in JSON
/// logs the message is taken out of its string; in crash reports a diagnostic repeated in
/// several sections is given once, at the end of the report, with the first frame of the app's
/// code in its backtrace (``CrashBacktrace``).
///
/// Each item comes with its record in the trace format (``next()``), which is what the store
/// keeps: `{"traceq":1,"format":"xcode-console"}` and
/// `{"ev":"console","text":"…","process":"Homepwner","pid":1234,"timestamp":"…"}`.
final class ConsoleLogDecoder {
  let kind: InputKind
  private let filter: ConsoleFilter
  /// Lines a diagnostic may be wrapped over.
  static let maxJoinedLines = 8
  private static let maxJoinedBytes = 8192

  private var ready: [(item: TraceItem, record: [UInt8])] = []
  private var readyIndex = 0
  private var sessionStarted = false
  /// The first line, for the rejection of a text file without any diagnostic.
  private var firstLine: (number: Int, text: String)?
  /// An `.ips` crash report (JSON) rather than a text one.
  private var firstLineIsJSON = false

  /// A diagnostic whose text may continue on the next lines.
  private var pending: (line: Int, text: [UInt8], lines: Int, origin: ConsoleOrigin, verdict: ConsoleFilter.Verdict)?
  /// The previous line's first bytes, for the origin of a message on a line of its own.
  private let previous = UnsafeMutableRawBufferPointer.allocate(byteCount: 512, alignment: 1)
  private var previousLength = 0
  /// Diagnostics already given (crash reports repeat the reason in several sections), up to
  /// ``maxRemembered`` of them: past that, a report's later diagnostics are given each time.
  private var given: Set<String> = []
  private static let maxRemembered = 1024
  /// What the file says of its process (crash reports) or the current JSON record does.
  private var fileOrigin = ConsoleOrigin()
  private var recordOrigin = ConsoleOrigin()
  private var jsonMessage: (line: Int, text: String)?
  /// A crash report's backtraces, and its diagnostics, given at its end with the app's frame.
  private var backtrace = CrashBacktrace()
  private var crashDiagnostics: [(text: String, line: Int, origin: ConsoleOrigin)] = []

  init(kind: InputKind, filter: ConsoleFilter) {
    self.kind = kind
    self.filter = filter
  }

  deinit { previous.deallocate() }

  /// The next item and its record, or nil when none is ready.
  func next() -> (item: TraceItem, record: [UInt8])? {
    guard readyIndex < ready.count else {
      if readyIndex > 0 {
        ready.removeAll(keepingCapacity: true)
        readyIndex = 0
      }
      return nil
    }
    readyIndex += 1
    return ready[readyIndex - 1]
  }

  func feed(_ line: RawLine) {
    if firstLine == nil, !line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
      firstLine = (line.number, line.text())
      firstLineIsJSON = ByteText(line.bytes).droppingLeading { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "{")
      if kind == .crashReport { readFileOrigin(line.bytes) }
    }
    if line.oversizedLength != nil {
      flushPending()
      return
    }
    if kind == .crashReport {
      if !firstLineIsJSON {
        backtrace.feed(text: line.bytes)
      } else if line.number != firstLine?.number {
        backtrace.feed(ipsBody: line.bytes)
      }
    }
    if kind == .logJSON || (kind == .crashReport && firstLineIsJSON) {
      feedJSON(line)
    } else {
      feedText(line)
    }
  }

  /// The end of the file: what is pending is given; a text file without any diagnostic whose
  /// first line does not look like a log is rejected, as a trace without header is.
  func finish() -> IngestIssue? {
    flushPending()
    flushJSONRecord()
    giveCrashDiagnostics()
    if sessionStarted { return nil }
    if kind == .consoleText {
      let first = firstLine ?? (1, "")
      return RecordDecoder.missingHeaderIssue(
        line: first.number, raw: first.text,
        note: "; nor is it a console log or crash report with a UIKit diagnostic traceq recognises")
    }
    startSession()
    return nil
  }

  // MARK: Text logs

  private func feedText(_ line: RawLine) {
    let bytes = line.bytes
    if pending != nil {
      if canContinue(with: bytes) {
        appendContinuation(bytes)
        remember(bytes)
        return
      }
      flushPending()
    }
    if kind == .crashReport { readFileOrigin(bytes) }
    guard filter.firstAnchor(in: bytes) != nil else {
      remember(bytes)
      return
    }
    var origin = ConsoleOrigin(bytes)
    if origin.timestamp == nil, origin.process == nil {
      origin = ConsoleOrigin(UnsafeRawBufferPointer(rebasing: previous[..<previousLength]))
      if origin.process == nil { origin = fileOrigin }
    }
    let text = Array(bytes)
    pending = (line.number, text, 1, origin, verdict(of: text))
    remember(bytes)
    if pending!.verdict != .incomplete { flushPending() }
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

  private func flushPending() {
    guard let open = pending else { return }
    pending = nil
    guard open.verdict != .unrecognised else { return }
    give(String(decoding: open.text, as: UTF8.self), line: open.line, origin: open.origin)
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
    previousLength = min(bytes.count, previous.count)
    if previousLength > 0 { previous.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: previousLength) }
  }

  /// `Process: MyApp [1234]`, `Date/Time: …` of a text crash report; `app_name` and
  /// `timestamp` of an `.ips` header.
  private func readFileOrigin(_ bytes: UnsafeRawBufferPointer) {
    let text = ByteText(bytes)
    if text.first == UInt8(ascii: "{") {
      if let name = JSONStringField.value(of: "app_name", in: bytes) ?? JSONStringField.value(of: "procName", in: bytes)
      {
        fileOrigin.process = name
      }
      if let time = JSONStringField.value(of: "timestamp", in: bytes), fileOrigin.timestamp == nil {
        fileOrigin.timestamp = time
      }
    } else if text.hasPrefix("Process:") {
      let value = String(decoding: bytes.dropFirst(8), as: UTF8.self)
      let name = value.split(separator: "[").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      if !name.isEmpty { fileOrigin.process = name }
      if let pid = value.split(separator: "[").dropFirst().first?.prefix(while: \.isNumber) {
        fileOrigin.pid = Int(pid)
      }
    } else if text.hasPrefix("Date/Time:") {
      fileOrigin.timestamp = String(decoding: bytes.dropFirst(10), as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
  }

  // MARK: JSON logs and crash reports

  private func feedJSON(_ line: RawLine) {
    let bytes = line.bytes
    // Records start at the margin (`[{`, `},{`, `{` of ndjson); nested objects are indented.
    let startsRecord =
      bytes.first == UInt8(ascii: "}") || bytes.first == UInt8(ascii: "{") || ByteText(bytes).hasPrefix("[{")
    if kind == .logJSON {
      if startsRecord {
        flushJSONRecord()
        recordOrigin = ConsoleOrigin()
      }
      readRecordOrigin(bytes)
    }
    guard let anchor = filter.firstAnchor(in: bytes) else { return }
    let message: String? =
      kind == .logJSON
      ? JSONStringField.value(of: "eventMessage", in: bytes) ?? JSONStringField.value(of: "message", in: bytes)
      : JSONStringField.enclosingString(at: anchor, in: bytes)
    guard let message, filter.classify(message) != .unrecognised else { return }
    if kind == .logJSON {
      jsonMessage = (line.number, message)
      if bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") { flushJSONRecord() }
    } else {
      give(message, line: line.number, origin: fileOrigin)
    }
  }

  private func readRecordOrigin(_ bytes: UnsafeRawBufferPointer) {
    if let path = JSONStringField.value(of: "processImagePath", in: bytes) {
      recordOrigin.process = path.split(separator: "/").last.map(String.init) ?? path
    } else if let name = JSONStringField.value(of: "process", in: bytes) {
      recordOrigin.process = name
    }
    if let time = JSONStringField.value(of: "timestamp", in: bytes) { recordOrigin.timestamp = time }
    if let pid = JSONStringField.number(of: "processID", in: bytes) { recordOrigin.pid = pid }
  }

  private func flushJSONRecord() {
    guard let message = jsonMessage else { return }
    jsonMessage = nil
    give(message.text, line: message.line, origin: recordOrigin)
  }

  // MARK: Items

  private func startSession() {
    guard !sessionStarted else { return }
    sessionStarted = true
    let record = Array(#"{"traceq":1,"format":"\#(kind.rawValue)"}"#.utf8)
    ready.append((.session(SessionHeader(idiom: nil), line: firstLine?.number ?? 1, symbols: SessionSymbols()), record))
  }

  /// Hands out a `console` event for `text`, logged at `line` (a crash report's at its end).
  private func give(_ text: String, line: Int, origin: ConsoleOrigin) {
    if kind == .crashReport {
      let key = Self.dedupKey(text)
      guard !given.contains(key) else { return }
      if given.count < Self.maxRemembered { given.insert(key) }
      if crashDiagnostics.count == Self.maxRemembered { giveCrashDiagnostics() }
      crashDiagnostics.append((text, line, origin))
      return
    }
    emit(text, line: line, origin: origin, frame: nil)
  }

  /// Gives the crash report's held diagnostics with its first in-app frame (the one found so
  /// far when more than ``maxRemembered`` are held, so that memory stays bounded).
  private func giveCrashDiagnostics() {
    guard !crashDiagnostics.isEmpty else { return }
    if backtrace.process == nil { backtrace.process = fileOrigin.process }
    let frame = backtrace.firstAppFrame()
    for diagnostic in crashDiagnostics {
      emit(diagnostic.text, line: diagnostic.line, origin: diagnostic.origin, frame: frame)
    }
    crashDiagnostics.removeAll(keepingCapacity: true)
  }

  private func emit(_ text: String, line: Int, origin: ConsoleOrigin, frame: String?) {
    startSession()
    let text = Self.eventText(text, origin: origin)
    var record = #"{"ev":"console","text":""# + JSONStringField.escape(text) + "\""
    if let process = origin.process { record += #","process":"# + "\"" + JSONStringField.escape(process) + "\"" }
    if let pid = origin.pid { record += #","pid":\#(pid)"# }
    if let time = origin.timestamp { record += #","timestamp":"# + "\"" + JSONStringField.escape(time) + "\"" }
    if let frame { record += #","frame":"# + "\"" + JSONStringField.escape(frame) + "\"" }
    record += "}"
    ready.append((.event(TraceEvent(line: line, .console(text: text, frame: frame))), Array(record.utf8)))
  }

  /// The event's text: the log's record as written, or, for a message taken out of JSON, the
  /// message after its time stamp and process so that ``ConsoleOrigin`` reads them back.
  private static func eventText(_ text: String, origin: ConsoleOrigin) -> String {
    let parsed = text.utf8.withContiguousStorageIfAvailable { ConsoleOrigin(UnsafeRawBufferPointer($0)) }
    guard parsed?.process == nil, parsed?.timestamp == nil, let process = origin.process else { return text }
    let pid = origin.pid.map { "[\($0)]" } ?? "[0]"
    return (origin.timestamp.map { $0 + " " } ?? "") + process + pid + " " + text
  }

  /// The part of a crash report's diagnostic that repeats between its sections: the reason.
  private static func dedupKey(_ text: String) -> String {
    let reason = text.range(of: "reason: ").map { text[$0.upperBound...] } ?? Substring(text)
    return reason.filter { !" '\"\n\t`".contains($0) }
  }
}
