import TraceModel

extension InputKind {
  /// `log show` (default, compact or syslog style), `/var/log/system.log`, `idevicesyslog`.
  public static let logShow = InputKind(rawValue: "log-show")
}

/// The text styles of `log show` (default, compact, syslog) and syslog files: its column
/// headings or filter notice first, or a time stamp and a process without Xcode's thread id.
package struct LogShowImporter: InputImporter {
  package var kind: InputKind { .logShow }

  private static let markers = ["Timestamp ", "Filtering the log data", "Skipping info and debug"]

  package func recognise(_ line: FirstLine) -> Recognition {
    if Self.markers.contains(where: line.text.hasPrefix) { return .yes }
    let origin = ConsoleOrigin(line.raw)
    guard origin.timestamp != nil else { return .no }
    return origin.isSyslog || (origin.process != nil && !origin.hasThread) ? .yes : .no
  }

  package func makeDecoder(_ context: ImportContext) -> (any InputDecoder)? {
    context.consoleFilter.map { TextLogDecoder(kind: kind, filter: $0) }
  }

  package var examples: [String] {
    [
      "Filtering the log data using \"process == \\\"MyApp\\\"\"",
      "Timestamp                       Thread     Type        Activity             PID    TTL  ",
      "2023-11-23 10:11:12.345678+0100 0x1a2b     Default     0x0                  1234   0    MyApp: hi",
      "2016-06-23 17:18:53.372374-0700  localhost MyApp[123]: (UIKitCore) [com.apple.UIKit:Presentation] x",
      "Nov 23 10:11:12 iPhone MyApp(UIKitCore)[123] <Notice>: Attempt",
    ]
  }
}
