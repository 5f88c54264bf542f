import Foundation

/// The tables `traceq-bench` prints (Markdown, ready for docs/performance.md).
enum Report {
  /// One row per case: median time, events/s, compressed MB/s, peak RSS.
  static func table(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds) -> String {
    var lines = [
      "### \(input.title) (\(Format.megabytes(input.bytes)) MB gzip)", "",
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
  /// 1) or slower (below 1) traceq is, from the runs of the same round; then, when `c-split`
  /// ran, how many times its time each takes (issue 17's target for `check`: ≤ 1.5×). Nil
  /// when `--cases` left nothing to compare.
  static func ratios(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds) -> String? {
    let references = cases.filter { [.floor, .reference, .peer].contains($0.role) }
    let split = cases.first { $0.name == .cSplit }
    guard !references.isEmpty || split != nil, cases.contains(where: { $0.role == .traceq }) else { return nil }
    let header = references.map { "vs \($0.name.rawValue)" } + (split == nil ? [] : ["× c-split time"])
    var lines = [
      "| \(input.label): speed ratio | " + header.joined(separator: " | ") + " |",
      "| --- | " + header.map { _ in "---:" }.joined(separator: " | ") + " |",
    ]
    for benchCase in cases where benchCase.role == .traceq {
      var cells = references.map { reference in
        Format.ratio(rounds.speedRatio(benchCase.name, versus: reference.name))
      }
      if let split { cells.append(Format.ratio(rounds.timeRatio(benchCase.name, versus: split.name))) }
      lines.append("| \(benchCase.name.rawValue) | " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// Each case that has a baseline (`-j 2` against `-j 1`): its rate over the baseline's, the
  /// median of the rounds' ratios (issue 17's target for `check`: ≥ 1.9×); nil when none ran.
  static func scaling(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds) -> String? {
    let scaled = cases.filter { benchCase in
      benchCase.baseline.map { base in cases.contains { $0.name == base } } ?? false
    }
    guard !scaled.isEmpty else { return nil }
    var lines = ["| \(input.label): scaling | rate ratio |", "| --- | ---: |"]
    for benchCase in scaled {
      guard let baseline = benchCase.baseline else { continue }
      lines.append(
        "| \(benchCase.name.rawValue) / \(baseline.rawValue) | "
          + "\(Format.ratio(rounds.speedRatio(benchCase.name, versus: baseline))) |")
    }
    return lines.joined(separator: "\n")
  }
}

extension Report {
  /// Each case of one input that has a baseline (`check-db` against `check`): how many times
  /// the baseline's time it takes, the median of the rounds' ratios (issue 28's target for
  /// `check-db`: ≤ 1.5×); nil when none ran.
  static func timeRatios(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds) -> String? {
    let paired = cases.compactMap { benchCase in
      benchCase.baseline.flatMap { base in cases.contains { $0.name == base } ? (benchCase.name, base) : nil }
    }
    guard !paired.isEmpty else { return nil }
    var lines = ["| \(input.label): paired | × the baseline's time |", "| --- | ---: |"]
    for (name, baseline) in paired {
      lines.append(
        "| \(name.rawValue) / \(baseline.rawValue) | \(Format.ratio(rounds.timeRatio(name, versus: baseline))) |")
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

  /// "1.92×"; "–" when unknown.
  static func ratio(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "–" }

  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
