import ArgumentParser
import Foundation
import TraceGenerator

extension TraceqCommand {
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "generate",
      abstract: "Write a synthetic trace, optionally with injected anomalies and the list of where they are.",
      discussion: """
        The trace follows docs/trace-format.md: iPhone and iPad sessions (old and new iOS) with \
        navigation, tab, split and custom-container hierarchies, presentations, alerts, popovers, \
        device rotations with their callbacks, answers to supportedInterfaceOrientations and console \
        lines. Without anomalies, `traceq check` finds nothing in it.

        With --anomalies RATE, about RATE × events anomalies, of the kinds of nineteen of the \
        rules, are injected (fewer when the sessions are short: each needs about 130 events of its \
        session), and --truth writes where `traceq check` must report them: a TSV file with a \
        header row and one row per finding (line, session, rule). The same options and seed give \
        the same bytes.

        Examples:
          traceq generate --events 1000000 --sessions 200 trace.ndjson.gz
          traceq generate --events 20000 --anomalies 0.005 --truth t.tsv t.ndjson.gz
          traceq generate --compression none --events 200 --sessions 2 - | head
        """)

    @Option(help: "Events in all (header lines not counted).")
    var events = 10_000

    @Option(help: "Sessions (app launches), each starting with a header.")
    var sessions = 10

    @Option(help: "The seed: the same seed and options give the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "gzip, multi-gzip (several members, as a recorder appending per launch), zlib or none.")
    var compression: GeneratedCompression = .gzip

    @Option(
      name: .customLong("member-sessions"),
      help: ArgumentHelp("With multi-gzip: sessions per gzip member.", valueName: "n"))
    var sessionsPerMember = 1

    @Option(help: "zlib's compression level, 1 (fast) to 9 (small).")
    var level = 6

    @Option(help: ArgumentHelp("Injected anomalies per event, 0 to 0.02 (0.001: one per thousand).", valueName: "rate"))
    var anomalies = 0.0

    @Option(help: ArgumentHelp("Write the ground truth here (TSV: line, session, rule).", valueName: "path"))
    var truth: String?

    @Argument(help: ArgumentHelp("Where to write the trace; - for standard output.", valueName: "file|-"))
    var output: String

    func validate() throws {
      if sessions < 1 { throw ValidationError("--sessions must be at least 1.") }
      let minimum = TraceGenerator.minimumEventsPerSession
      if events < sessions * minimum {
        throw ValidationError(
          "--events must be at least \(minimum) per session (\(sessions * minimum) for \(sessions) sessions).")
      }
      if !(0...0.02).contains(anomalies) { throw ValidationError("--anomalies must be a rate from 0 to 0.02.") }
      if !(1...9).contains(level) { throw ValidationError("--level must be from 1 to 9.") }
      if sessionsPerMember < 1 { throw ValidationError("--member-sessions must be at least 1.") }
      if truth == "-" && output == "-" {
        throw ValidationError("The trace goes to standard output; give --truth a file.")
      }
    }

    func run() throws {
      let settings = TraceGenerator.Settings(
        events: events, sessions: sessions, seed: seed, anomalyRate: anomalies, compression: compression,
        sessionsPerMember: sessionsPerMember, level: Int32(level))
      do {
        let file = try OutputFile(path: output)
        if compression != .none, file.isTerminal {
          throw ValidationError("Compressed output is not for a terminal: redirect it, or use --compression none.")
        }
        let truthFile = try truth.map { path throws(OutputFileError) in try OutputFile(path: path) }
        let summary = try TraceGenerator(settings: settings).write(
          to: { try file.write($0) }, truth: { bytes in try bytes.withUnsafeBytes { try truthFile?.write($0) } })
        Terminal.error(describe(summary))
      } catch let error as OutputFileError {
        throw CommandFailure.unusable("error: \(error)")
      }
    }
  }
}

extension TraceqCommand.Generate {
  /// "t.ndjson.gz: 1000 events in 10 sessions (1010 lines, 8210 bytes gzip), 3 anomalies listed in truth.tsv".
  private func describe(_ summary: TraceGenerator.Summary) -> String {
    var text = "\(output == "-" ? "standard output" : output): \(summary.events) events in "
    text += "\(Plural.count(summary.sessions, "session")) (\(summary.lines) lines, \(summary.bytes) bytes"
    text += compression == .none ? ")" : " \(compression.rawValue))"
    if let truth { text += ", \(Plural.count(summary.anomalies, "anomaly", "anomalies")) listed in \(truth)" }
    return text
  }
}

extension GeneratedCompression: ExpressibleByArgument {}
