import Foundation

/// Where output goes, and whether a person is watching it.
enum Terminal {
  static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Writes `text` and a newline to standard error, control characters other than line breaks
  /// escaped (``TerminalText``). When standard error cannot be written (closed, a full disk)
  /// the text is dropped and ``StandardStreams/exitStatus(for:)`` says so.
  static func error(_ text: String) {
    StandardStreams.writeError(TerminalText.escaped(text, keepingLineBreaks: true) + "\n")
  }
}

/// A one-line progress display on standard error for long files, only when it is a terminal.
final class ProgressLine {
  private let enabled: Bool
  private var lastDraw = Date.distantPast
  private var drawn = false

  init(enabled: Bool = Terminal.standardErrorIsTerminal) { self.enabled = enabled }

  func update(_ text: @autoclosure () -> String) {
    guard enabled else { return }
    let now = Date()
    guard now.timeIntervalSince(lastDraw) >= 0.2 else { return }
    lastDraw = now
    drawn = true
    StandardStreams.writeError("\r\u{1B}[K" + TerminalText.escaped(text()))
  }

  /// Erases the line before other output.
  func clear() {
    guard drawn else { return }
    drawn = false
    StandardStreams.writeError("\r\u{1B}[K")
  }
}
