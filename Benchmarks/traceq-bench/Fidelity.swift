import Foundation
import Replay
import TraceGenerator
import TraceImporters
import TraceModel
import TraceReading
import UIKitSimulator

/// `traceq-bench fidelity`: how faithful traceq's model of UIKit is on traces it did not
/// write. UIKitSimulator plays long app sessions on its own simulation of UIKit and writes the
/// ground truth it decided; the replay checks the trace; findings are matched against the
/// truth rule by rule, and the commonest extra and missed findings are shown with an example.
enum Fidelity {
  /// What one run measured: the tally, and what the report says around it.
  struct Measurement {
    var tally: FidelityTally
    /// The events simulated.
    var events: Int
    var summary: String
    var patterns: String
  }

  static func run(_ options: FidelityOptions) throws -> String {
    let measured = try measure(options)
    var report = [measured.summary, measured.tally.table(events: measured.events), measured.patterns]
    if let keep = options.keep { report.append("Kept: \(keep)/simulated.ndjson.gz and \(keep)/simulated-truth.tsv.") }
    return report.joined(separator: "\n\n")
  }

  /// Simulates, checks and matches: the run without its report.
  static func measure(_ options: FidelityOptions) throws -> Measurement {
    let directory = options.keep ?? NSTemporaryDirectory() + "traceq-fidelity-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { if options.keep == nil { try? FileManager.default.removeItem(atPath: directory) } }
    let tracePath = directory + "/simulated.ndjson.gz"
    let truthPath = directory + "/simulated-truth.tsv"

    Progress.say("simulating \(options.events) events in \(options.sessions) sessions (seed \(options.seed))")
    let start = ChildProcess.monotonicSeconds()
    let trace = try OutputFile(path: tracePath)
    let truthFile = try OutputFile(path: truthPath)
    var truthText: [UInt8] = []
    let summary = try SimulatedTraces(
      settings: .init(
        events: options.events, sessions: options.sessions, seed: options.seed, misuseRate: options.misuse)
    ).write(to: { try trace.write($0) }) { piece in
      truthText += piece
      try piece.withUnsafeBytes { try truthFile.write($0) }
    }
    let simulated = ChildProcess.monotonicSeconds() - start

    Progress.say("checking \(tracePath)")
    var findings: [FidelityTally.Row] = []
    var messages: [FidelityTally.Row: String] = [:]
    var issues = 0
    let checkStart = ChildProcess.monotonicSeconds()
    let stream = try TraceStream(path: tracePath, consoleFilter: ConsoleCatalog.filter)
    _ = try TraceChecker(rules: RuleSet()).check(
      stream,
      onFinding: { finding in
        let row = FidelityTally.Row(session: finding.session, line: finding.line, rule: finding.ruleID)
        findings.append(row)
        messages[row] = messages[row] ?? finding.message
      }, onIssue: { _ in issues += 1 })
    let checked = ChildProcess.monotonicSeconds() - checkStart

    var tally = FidelityTally()
    tally.add(truth: try truthRows(truthText), findings: findings)
    let description =
      "Fidelity of the replay on \(summary.events) simulated events: \(summary.sessions) sessions "
      + "(Homepwner, Mail, Reader; iOS 7–17, iPhone and iPad), seed \(options.seed), misuse \(options.misuse) per "
      + "event (\(summary.misuse) committed, \(summary.crashes) sessions ending in an exception); "
      + "\(summary.bytes / 1000) kB gzip; simulated in \(String(format: "%.1f", simulated)) s, checked in "
      + "\(String(format: "%.1f", checked)) s; \(issues) input issues; \(summary.uikitBreaches) callbacks the "
      + "simulation itself found out of order."
    let patterns = FidelityPatterns(tally: tally, messages: messages, linesOf: try lines(tracePath, at: tally))
    return Measurement(
      tally: tally, events: summary.events, summary: description, patterns: patterns.describe(limit: options.examples))
  }

  /// The rows of a ground-truth TSV (its header skipped).
  static func truthRows(_ text: [UInt8]) throws -> [FidelityTally.Row] {
    try String(decoding: text, as: UTF8.self).split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: "\t")
      guard fields.count == 3, let lineNumber = Int(fields[0]), let session = Int(fields[1]) else {
        throw BenchError("bad ground-truth row: \(line)")
      }
      return FidelityTally.Row(session: session, line: lineNumber, rule: String(fields[2]))
    }
  }

  /// The text of the trace's lines that an extra or missed finding names.
  private static func lines(_ path: String, at tally: FidelityTally) throws -> [Int: String] {
    let wanted = Set((tally.missedRows + tally.extraRows).map(\.line))
    var result: [Int: String] = [:]
    let reader = try TraceReader(path: path)
    while result.count < wanted.count, let line = try reader.next() {
      if wanted.contains(line.number) { result[line.number] = line.text(limit: 400) }
    }
    return result
  }
}
