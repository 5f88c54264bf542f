import TraceModel
import TraceReading

/// The decoder of a text log (Xcode's console, `log show`, any other text): each UIKit
/// diagnostic becomes a `console` event at the line where it starts (``ConsoleTextLines``).
final class TextLogDecoder: ConsoleDecoder {
  let items: ConsoleItems
  private let lines: ConsoleTextLines
  /// Whether a file without any diagnostic is rejected rather than read as one empty session:
  /// for text that does not look like a log at all.
  private let rejectsWithoutDiagnostic: Bool
  private(set) var isRejected = false

  init(kind: InputKind, filter: ConsoleFilter, rejectsWithoutDiagnostic: Bool = false) {
    items = ConsoleItems(kind: kind)
    lines = ConsoleTextLines(filter: filter)
    self.rejectsWithoutDiagnostic = rejectsWithoutDiagnostic
  }

  func feed(_ line: RawLine) {
    _ = items.noteFirst(line)
    if line.oversizedLength != nil {
      lines.flush()
    } else if !lines.continues(line.bytes) {
      lines.start(line.bytes, number: line.number, fileOrigin: ConsoleOrigin())
    }
    give()
  }

  func flush() {
    lines.flush()
    give()
  }

  private func give() {
    for diagnostic in lines.take() { items.emit(diagnostic.text, line: diagnostic.line, origin: diagnostic.origin) }
  }

  /// The end of the file; a text without any diagnostic is rejected when it does not look like a
  /// log, as a trace without header is.
  func finish() -> IngestIssue? {
    flush()
    guard !items.sessionStarted, rejectsWithoutDiagnostic else {
      items.startSession()
      return nil
    }
    isRejected = true
    let first = items.firstLine ?? (1, "")
    return RecordDecoder.missingHeaderIssue(
      line: first.number, raw: first.text,
      note: "; nor is it a console log or crash report with a UIKit diagnostic traceq recognises")
  }
}
