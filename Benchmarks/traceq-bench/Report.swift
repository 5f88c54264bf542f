import Foundation

/// The tables `traceq-bench` prints (Markdown, ready for docs/performance.md).
enum Report {
  /// One row per case: median time, events/s, compressed MB/s, peak RSS.
  static func table(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds) -> String {
    var lines = [
      "### \(input.label) events (\(Format.megabytes(input.bytes)) MB gzip)", "",
      "| case | what | median s | events/s | MB/s gzip in | peak RSS MB |",
      "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for benchCase in cases {
      let name = benchCase.name
      guard let seconds = rounds.medianSeconds(name) else {
        lines.append("| \(name.rawValue) | \(benchCase.what) | failed | | | |")
        continue
      }
      let eventsPerSecond = Format.rate(Double(input.events) / seconds)
      let megabytesPerSecond = String(format: "%.1f", Double(input.bytes) / 1e6 / seconds)
      lines.append(
        "| \(name.rawValue) | \(benchCase.what) | \(Format.seconds(seconds)) | \(eventsPerSecond) | \(megabytesPerSecond) "
          + "| \(Format.megabytes(rounds.peakRSS(name))) |")
    }
    return lines.joined(separator: "\n")
  }

  /// traceq's cases against the floor, the C loop and each peer: how many times faster (above
  /// 1) or slower (below 1) traceq is, from the runs of the same round; nil when `--cases`
  /// left nothing to compare.
  static func ratios(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds) -> String? {
    let references = cases.filter { [.floor, .reference, .peer].contains($0.role) }
    guard !references.isEmpty, cases.contains(where: { $0.role == .traceq }) else { return nil }
    let header = references.map { "vs \($0.name.rawValue)" }
    var lines = [
      "| \(input.label): speed ratio | " + header.joined(separator: " | ") + " |",
      "| --- | " + references.map { _ in "---:" }.joined(separator: " | ") + " |",
    ]
    for benchCase in cases where benchCase.role == .traceq {
      let cells = references.map { reference in
        rounds.speedRatio(benchCase.name, versus: reference.name).map { String(format: "%.2f×", $0) } ?? "–"
      }
      lines.append("| \(benchCase.name.rawValue) | " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }
}

/// Number formats of the tables.
enum Format {
  static func seconds(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }

  /// "12.3"; "n/a" when unknown.
  static func megabytes(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f", Double($0) / 1e6) } ?? "n/a" }

  /// "1.23 M", "456 k".
  static func rate(_ value: Double) -> String {
    value >= 1e6 ? String(format: "%.2f M", value / 1e6) : String(format: "%.0f k", value / 1e3)
  }

  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
