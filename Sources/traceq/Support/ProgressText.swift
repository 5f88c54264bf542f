import Foundation

/// The text of a long file's progress line: how far, how fast, and how long to go,
/// `traces/run.ndjson.gz: 42% · 1.2M events · 610k events/s · 0:07 left`.
struct ProgressText {
  let path: String
  /// The file's size; nil when unknown (standard input).
  let totalBytes: Int?
  let started: Date

  /// For the file at `path`, starting now.
  init(path: String, started: Date = Date()) {
    self.path = path
    let size = path == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int
    totalBytes = size.flatMap { $0 > 0 ? $0 : nil }
    self.started = started
  }

  init(path: String, totalBytes: Int?, started: Date) {
    self.path = path
    self.totalBytes = totalBytes
    self.started = started
  }

  /// The line after `bytes` of the file and `events` events.
  func text(bytes: Int, events: Int, now: Date = Date()) -> String {
    var parts: [String] = []
    if let totalBytes { parts.append("\(min(100, bytes * 100 / totalBytes))%") }
    parts.append("\(Self.short(Double(events))) events")
    let elapsed = now.timeIntervalSince(started)
    if elapsed >= 0.5 {
      parts.append("\(Self.short(Double(events) / elapsed)) events/s")
      if let totalBytes, bytes > 0, bytes < totalBytes {
        parts.append("\(Self.duration(elapsed * Double(totalBytes - bytes) / Double(bytes))) left")
      }
    }
    return "\(path): " + parts.joined(separator: " · ")
  }

  /// `950`, `12k`, `1.2M`.
  static func short(_ value: Double) -> String {
    switch value {
    case ..<1_000: String(Int(value))
    case ..<1_000_000: "\(Int(value / 1_000))k"
    default: String(format: "%.1fM", value / 1_000_000)
    }
  }

  /// `0:07`, `12:30`, `1:02:03`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded(.up))
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    return hours > 0
      ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
  }
}
