import TraceModel

extension InputKind {
  /// A crash report: `.ips` JSON (iOS 15+), the text `.crash` form, or a Crashlytics export.
  public static let crashReport = InputKind(rawValue: "crash-report")
}

/// Crash reports: an `.ips` file (a JSON header line with `bug_type` or `app_name`, then a JSON
/// body), the text `.crash` form and Crashlytics' export (`Incident Identifier:`, `Process:`,
/// `Fatal Exception:` …).
package struct CrashReportImporter: InputImporter {
  package var kind: InputKind { .crashReport }

  private static let markers = [
    "Incident Identifier:", "CrashReporter Key:", "Hardware Model:", "Process:", "Exception Type:",
    "Fatal Exception:", "Crashed: ", "Date/Time:",
  ]

  package func recognise(_ line: FirstLine) -> Recognition {
    if line.isJSONObject(holdingAnyOf: ["\"bug_type\"", "\"app_name\"", "\"incident"]) { return .yes }
    return Self.markers.contains(where: line.text.hasPrefix) ? .yes : .no
  }

  package func makeDecoder(_ context: ImportContext) -> (any InputDecoder)? {
    context.consoleFilter.map { CrashReportDecoder(filter: $0) }
  }

  package var examples: [String] {
    [
      #"{"app_name":"MyApp","timestamp":"2023-11-23 10:11:12.00 +0100","bug_type":"309"}"#,
      "Incident Identifier: 2F1B0E53-0A2C-4C29-9C29-6D6A1B7C1D2E",
      "Fatal Exception: NSInvalidArgumentException",
    ]
  }
}
