/// What a file holds, told from its first non-blank line (after decompression), never from
/// its name: a traceq trace, or one of the log formats whose UIKit diagnostics become
/// `console` events.
public enum InputKind: String, Sendable, CaseIterable {
  /// NDJSON in the trace format (`{"traceq":1,…}` first). Also the kind of anything JSON that
  /// is no log: it is then rejected for its missing header.
  case trace
  /// Xcode's console or NSLog output: `2014-05-12 10:11:12.345 Homepwner[1234:a0b] …`.
  case xcodeConsole = "xcode-console"
  /// `log show` (default, compact or syslog style), `/var/log/system.log`, `idevicesyslog`.
  case logShow = "log-show"
  /// `log show --style json` (an array) or `--style ndjson` (one object a line).
  case logJSON = "log-json"
  /// A crash report: `.ips` JSON (iOS 15+), the text `.crash` form, or a Crashlytics export.
  case crashReport = "crash-report"
  /// Any other text (a pasted excerpt, a CI log): read as console output; rejected when no
  /// UIKit diagnostic is found in it.
  case consoleText = "console-text"

  /// The kind of a file whose first non-blank line is `line`.
  public static func sniff(_ line: UnsafeRawBufferPointer) -> InputKind {
    let text = ByteText(line).droppingLeading { $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
    guard let first = text.first else { return .consoleText }
    if first == UInt8(ascii: "{") {
      if text.contains("\"traceq\"") { return .trace }
      if text.contains("\"bug_type\"") || text.contains("\"app_name\"") || text.contains("\"incident") {
        return .crashReport
      }
      if text.contains("\"eventMessage\"") || text.contains("\"machTimestamp\"") || text.contains("\"traceID\"") {
        return .logJSON
      }
      return .trace
    }
    if first == UInt8(ascii: "["), text.count == 1 || text.dropFirst().first == UInt8(ascii: "{") { return .logJSON }
    for marker in crashMarkers where text.hasPrefix(marker) { return .crashReport }
    for marker in logShowMarkers where text.hasPrefix(marker) { return .logShow }
    let origin = ConsoleOrigin(line)
    if origin.timestamp != nil {
      if origin.isSyslog { return .logShow }
      if origin.process != nil { return origin.hasThread ? .xcodeConsole : .logShow }
    }
    return .consoleText
  }

  private static let crashMarkers = [
    "Incident Identifier:", "CrashReporter Key:", "Hardware Model:", "Process:", "Exception Type:",
    "Fatal Exception:", "Crashed: ", "Date/Time:",
  ]
  private static let logShowMarkers = ["Timestamp ", "Filtering the log data", "Skipping info and debug"]
}
