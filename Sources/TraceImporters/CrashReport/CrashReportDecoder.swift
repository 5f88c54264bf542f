import Foundation
import TraceModel
import TraceReading

/// The decoder of a crash report, text or `.ips`: a diagnostic repeated in several sections is
/// given once, at the end of the report, with the first frame of the app's code in its
/// backtrace (``CrashBacktrace``) and the process the report names.
final class CrashReportDecoder: ConsoleDecoder {
  let items = ConsoleItems(kind: .crashReport)
  private let filter: ConsoleFilter
  /// The diagnostics of a text report.
  private let lines: ConsoleTextLines
  /// An `.ips` report (JSON) rather than a text one.
  private var isJSON = false
  /// What the report says of its process.
  private var fileOrigin = ConsoleOrigin()
  private var backtrace = CrashBacktrace()
  /// Diagnostics already given (reports repeat the reason in several sections), up to
  /// ``maxRemembered`` of them: past that, a report's later diagnostics are given each time.
  private var given: Set<String> = []
  private static let maxRemembered = 1024
  /// Diagnostics held until the end of the report, for its backtrace's app frame.
  private var held: [(text: String, line: Int, origin: ConsoleOrigin)] = []

  init(filter: ConsoleFilter) {
    self.filter = filter
    lines = ConsoleTextLines(filter: filter)
  }

  func feed(_ line: RawLine) {
    if items.noteFirst(line) {
      isJSON = ByteText(line.bytes).droppingLeading { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "{")
      readFileOrigin(line.bytes)
    }
    if line.oversizedLength != nil {
      lines.flush()
      hold(lines.take())
      return
    }
    if !isJSON {
      backtrace.feed(text: line.bytes)
      if !lines.continues(line.bytes) {
        hold(lines.take())
        readFileOrigin(line.bytes)
        lines.start(line.bytes, number: line.number, fileOrigin: fileOrigin)
      }
      hold(lines.take())
      return
    }
    if items.firstLine?.number != line.number { backtrace.feed(ipsBody: line.bytes) }
    guard let anchor = filter.firstAnchor(in: line.bytes),
      let message = JSONStringField.enclosingString(at: anchor, in: line.bytes),
      filter.classify(message) != .unrecognised
    else { return }
    hold([(message, line.number, fileOrigin)])
  }

  /// Gives the held diagnostics with the report's first in-app frame.
  func flush() {
    lines.flush()
    hold(lines.take())
    giveHeld()
  }

  /// Holds each diagnostic not given before; when too many are held, gives them with the frame
  /// found so far, so that memory stays bounded.
  private func hold(_ diagnostics: [(text: String, line: Int, origin: ConsoleOrigin)]) {
    for diagnostic in diagnostics {
      let key = Self.dedupKey(diagnostic.text)
      guard !given.contains(key) else { continue }
      if given.count < Self.maxRemembered { given.insert(key) }
      if held.count == Self.maxRemembered { giveHeld() }
      held.append(diagnostic)
    }
  }

  private func giveHeld() {
    guard !held.isEmpty else { return }
    if backtrace.process == nil { backtrace.process = fileOrigin.process }
    let frame = backtrace.firstAppFrame()
    for diagnostic in held {
      items.emit(diagnostic.text, line: diagnostic.line, origin: diagnostic.origin, frame: frame)
    }
    held.removeAll(keepingCapacity: true)
  }

  /// `Process: MyApp [1234]`, `Date/Time: …` of a text report; `app_name` and `timestamp` of an
  /// `.ips` header.
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

  /// The part of a diagnostic that repeats between a report's sections: the reason.
  private static func dedupKey(_ text: String) -> String {
    let reason = text.range(of: "reason: ").map { text[$0.upperBound...] } ?? Substring(text)
    return reason.filter { !" '\"\n\t`".contains($0) }
  }
}
