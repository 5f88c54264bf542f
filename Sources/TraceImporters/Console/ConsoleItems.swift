import TraceModel
import TraceReading
@_spi(Bytes) import TraceSupport

/// The items every console importer gives: one session for the file (started by its first
/// diagnostic, or at its end when it has none), then a `console` event for each UIKit
/// diagnostic, each with its record in the trace format, which is what the store keeps:
/// `{"traceq":1,"format":"xcode-console"}` and
/// `{"ev":"console","text":"…","process":"Homepwner","pid":1234,"timestamp":"…"}`.
final class ConsoleItems {
  let kind: InputKind
  private var ready: [(item: TraceItem, record: [UInt8])] = []
  private var readyIndex = 0
  private(set) var sessionStarted = false
  /// The record of the last item handed out.
  let record = GrowableBytes()
  /// The file's first non-blank line, for the session's header and for a rejection.
  private(set) var firstLine: (number: Int, text: String)?

  init(kind: InputKind) { self.kind = kind }

  /// Notes `line` as the file's first when it is the first that is not blank; true then.
  func noteFirst(_ line: RawLine) -> Bool {
    guard firstLine == nil, !line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return false }
    firstLine = (line.number, line.text())
    return true
  }

  /// The next item, its record in ``record``, or nil when none is ready.
  func next() -> TraceItem? {
    guard readyIndex < ready.count else {
      if readyIndex > 0 {
        ready.removeAll(keepingCapacity: true)
        readyIndex = 0
      }
      return nil
    }
    readyIndex += 1
    record.removeAll()
    record.append(ready[readyIndex - 1].record)
    return ready[readyIndex - 1].item
  }

  /// Starts the file's session, once.
  func startSession() {
    guard !sessionStarted else { return }
    sessionStarted = true
    let header = Array(#"{"traceq":1,"format":"\#(kind.rawValue)"}"#.utf8)
    ready.append((.session(SessionHeader(idiom: nil), line: firstLine?.number ?? 1, symbols: SessionSymbols()), header))
  }

  /// A `console` event for the diagnostic `text`, logged at `line` by `origin`, with the first
  /// frame of the app's code in its backtrace when known.
  func emit(_ text: String, line: Int, origin: ConsoleOrigin, frame: String? = nil) {
    startSession()
    let text = Self.eventText(text, origin: origin)
    var record = #"{"ev":"console","text":"# + JSONString.quote(text)
    if let process = origin.process { record += #","process":"# + JSONString.quote(process) }
    if let pid = origin.pid { record += #","pid":\#(pid)"# }
    if let time = origin.timestamp { record += #","timestamp":"# + JSONString.quote(time) }
    if let frame { record += #","frame":"# + JSONString.quote(frame) }
    record += "}"
    ready.append((.event(TraceEvent(line: line, .console(text: text, frame: frame))), Array(record.utf8)))
  }

  /// The event's text: the log's record as written, or, for a message taken out of JSON, the
  /// message after its time stamp and process so that `ConsoleOrigin` reads them back.
  private static func eventText(_ text: String, origin: ConsoleOrigin) -> String {
    let parsed = text.utf8.withContiguousStorageIfAvailable { ConsoleOrigin(UnsafeRawBufferPointer($0)) }
    guard parsed?.process == nil, parsed?.timestamp == nil, let process = origin.process else { return text }
    let pid = origin.pid.map { "[\($0)]" } ?? "[0]"
    return (origin.timestamp.map { $0 + " " } ?? "") + process + pid + " " + text
  }
}
