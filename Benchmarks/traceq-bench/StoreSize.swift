import TraceModel
import TraceReading

/// How big the databases the cases leave are, against the text they stored: issue 17's target
/// is a traceq database no bigger than the uncompressed NDJSON (≤ 1.0×).
enum StoreSize {
  /// The decompressed size of a trace: every line with its newline.
  static func textBytes(_ path: String) throws -> Int {
    let reader = try TraceReader(path: path)
    var bytes = 0
    while let line = try reader.next() { bytes += (line.oversizedLength ?? line.bytes.count) + 1 }
    return bytes
  }

  /// A database's bytes on disk: its file and its write-ahead log (SQLite's `-wal`, DuckDB's
  /// `.wal`), which a writer that exited without a checkpoint leaves next to it. SQLite's `-shm`
  /// is an index of the log, rebuilt when opened, and is not counted.
  static func databaseBytes(_ path: String) -> (total: Int, log: Int) {
    let log = Files.size(path + "-wal") + Files.size(path + ".wal")
    return (Files.size(path) + log, log)
  }

  /// One row per case that left a database from a successful last run: its size, bytes per
  /// event, and its ratio to the NDJSON text; nil when no such case ran.
  static func table(_ input: Input, _ cases: [BenchCase], _ rounds: Rounds, textBytes: Int) -> String? {
    let stored = cases.compactMap { benchCase in
      benchCase.database.flatMap { rounds.lastRunSucceeded(benchCase.name) ? (benchCase.name, $0) : nil }
    }
    guard !stored.isEmpty else { return nil }
    var lines = [
      "| \(input.label): size | database MB | bytes/event | NDJSON bytes/event | × NDJSON |",
      "| --- | ---: | ---: | ---: | ---: |",
    ]
    for (name, path) in stored {
      let bytes = databaseBytes(path)
      let label = bytes.log > 0 ? "\(name.rawValue) (\(Format.megabytes(bytes.log)) MB of it WAL)" : name.rawValue
      lines.append(row(label, databaseBytes: bytes.total, textBytes: textBytes, events: input.events))
    }
    return lines.joined(separator: "\n")
  }

  /// "| ingest-new | 132.0 | 132.0 | 82.3 | 1.60× |".
  static func row(_ label: String, databaseBytes: Int, textBytes: Int, events: Int) -> String {
    let perEvent = Double(databaseBytes) / Double(events)
    let textPerEvent = Double(textBytes) / Double(events)
    return "| \(label) | \(Format.megabytes(databaseBytes)) | \(String(format: "%.1f", perEvent)) | "
      + "\(String(format: "%.1f", textPerEvent)) | \(Format.ratio(perEvent / textPerEvent)) |"
  }
}
