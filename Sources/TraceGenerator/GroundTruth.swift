/// Where the generator put its anomalies: a tab-separated file with a header row, one row per
/// finding `traceq check` must report — the line in the decompressed trace, the session's
/// ordinal in the file (as in `traceq check --format json`) and the rule id:
///
///     line	session	rule
///     1843	3	double-presented-popover
struct GroundTruth {
  private var text: [UInt8] = []
  private let sink: ([UInt8]) throws -> Void
  /// Rows written so far.
  private(set) var count = 0

  /// Hands the text to `sink` in pieces (the header row first).
  init(sink: @escaping ([UInt8]) throws -> Void) {
    self.sink = sink
    text.append(contentsOf: "line\tsession\trule\n".utf8)
  }

  /// Adds the row of a finding expected at `line`.
  mutating func record(line: Int, session: Int, rule: AnomalyKind) throws {
    text.append(contentsOf: "\(line)\t\(session)\t\(rule.ruleID)\n".utf8)
    count += 1
    if text.count >= 1 << 16 { try flush() }
  }

  /// Hands what is buffered to the sink.
  mutating func flush() throws {
    guard !text.isEmpty else { return }
    try sink(text)
    text.removeAll(keepingCapacity: true)
  }
}
