/// Which entries of the unified log become `console` records (``RecordingFeature/unifiedLog``):
/// UIKit's own messages at notice level and above, where its warnings are ("Unbalanced calls
/// to begin/end appearance transitions…", "Attempt to present … whose view is not in the window
/// hierarchy"). The app's own logging is never read.
///
/// What a UIKit message says may name the app's objects and, rarely, text the app shows (a
/// label's, a title): the reason the feature is off by default. Messages the OS marks private
/// reach the app redacted (`<private>`) outside a debugger.
enum UnifiedLogFilter {
  /// `OSLogEntryLog.Level`'s raw values.
  enum Level: Int, Sendable {
    case undefined = 0, debug, info, notice, error, fault
  }

  /// The subsystems read: UIKit's.
  static let subsystems: Set<String> = ["com.apple.UIKit"]

  /// True when an entry of `subsystem` at `level` is recorded.
  static func accepts(subsystem: String, level: Level) -> Bool {
    subsystems.contains(subsystem) && level.rawValue >= Level.notice.rawValue
  }

  /// The `console` text of an entry: its message as composed, on one line.
  static func consoleText(_ message: String) -> String {
    message.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
