import TraceModel
import TraceReading

/// The decoder of `log show`'s JSON styles: each record whose message is a UIKit diagnostic
/// becomes a `console` event at the message's line, logged by the record's process.
final class LogJSONDecoder: ConsoleDecoder {
  let items = ConsoleItems(kind: .logJSON)
  private let filter: ConsoleFilter
  /// What the current record says of its process, and its message, once found.
  private var recordOrigin = ConsoleOrigin()
  private var message: (line: Int, text: String)?

  init(filter: ConsoleFilter) { self.filter = filter }

  func feed(_ line: RawLine) {
    _ = items.noteFirst(line)
    guard line.oversizedLength == nil else { return }
    let bytes = line.bytes
    // Records start at the margin (`[{`, `},{`, `{` of ndjson); nested objects are indented.
    if bytes.first == UInt8(ascii: "}") || bytes.first == UInt8(ascii: "{") || ByteText(bytes).hasPrefix("[{") {
      flush()
      recordOrigin = ConsoleOrigin()
    }
    readRecordOrigin(bytes)
    guard filter.firstAnchor(in: bytes) != nil,
      let text = JSONStringField.value(of: "eventMessage", in: bytes)
        ?? JSONStringField.value(of: "message", in: bytes),
      filter.classify(text) != .unrecognised
    else { return }
    message = (line.number, text)
    if bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") { flush() }
  }

  /// Gives the current record's diagnostic, if it has one.
  func flush() {
    guard let found = message else { return }
    message = nil
    items.emit(found.text, line: found.line, origin: recordOrigin)
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
}
