import Foundation

/// The machine a table was measured on.
enum Machine {
  /// "2026-05-04 14:03 UTC · 2 cores (AMD EPYC) · 24 GiB · Linux 6.18.44".
  static func describe() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    formatter.timeZone = TimeZone(identifier: "UTC")
    let cpu = field("model name", in: "/proc/cpuinfo") ?? "unknown CPU"
    let memory = ProcessInfo.processInfo.physicalMemory
    var system = utsname()
    uname(&system)
    let kernel = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let name = withUnsafeBytes(of: &system.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(formatter.string(from: Date())) · \(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)) · "
      + "\(memory / (1 << 30)) GiB · \(name) \(kernel)"
  }

  /// The value of the first `key : value` line of a /proc file.
  private static func field(_ key: String, in path: String) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first { $0.hasPrefix(key) }
    return line?.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
