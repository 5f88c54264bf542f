import Foundation

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// The recorder's files in its directory: names that sort by launch time, and the caps on
/// their number and total size, applied by removing the oldest first.
struct TraceDirectory {
  let configuration: RecorderConfiguration

  /// A new file name for a launch at `date`: `trace-20261123T171405.123Z-4242.ndjson.gz`.
  func newFileName(at date: Date = Date(), process: Int32 = getpid()) -> String {
    let seconds = date.timeIntervalSince1970
    var whole = time_t(seconds.rounded(.down))
    var parts = tm()
    gmtime_r(&whole, &parts)
    let milliseconds = Int((seconds - seconds.rounded(.down)) * 1000)
    func pad(_ value: Int32, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    let stamp =
      pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2) + "T" + pad(parts.tm_hour, 2)
      + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2) + "." + pad(Int32(milliseconds), 3) + "Z"
    return "\(configuration.filePrefix)-\(stamp)-\(process).\(configuration.compression.fileExtension)"
  }

  /// The recorder's files in the directory, oldest first, with their sizes.
  func existingFiles() -> [(url: URL, bytes: Int)] {
    let directory = configuration.directory
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
    return names.filter { $0.hasPrefix(configuration.filePrefix + "-") && $0.contains(".ndjson") }.sorted()
      .map { name in
        let url = directory.appendingPathComponent(name)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
        return (url, size ?? 0)
      }
  }

  /// Removes the oldest files, other than `keeping`, until at most `maxFiles` remain and they
  /// take at most `maxTotalBytes`. Returns the bytes the remaining files take.
  @discardableResult
  func prune(keeping current: URL?) -> Int {
    var files = existingFiles()
    var total = files.reduce(0) { $0 + $1.bytes }
    while let oldest = files.first(where: { $0.url != current }),
      files.count > configuration.maxFiles || total > configuration.maxTotalBytes
    {
      try? FileManager.default.removeItem(at: oldest.url)
      total -= oldest.bytes
      files.removeAll { $0.url == oldest.url }
    }
    return total
  }
}
