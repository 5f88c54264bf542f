import ArgumentParser
import Replay
import TraceModel

extension TraceqCommand {
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show how traceq replays a trace: the state at a line, or a timeline of what each event did.",
      discussion: """
        With --at, prints the model's state after that line: orientation and who decides it, each
        window's controller tree (parents, navigation stacks, tabs, presented controllers) with each
        controller's appearance state, and the popovers. Without it, prints a timeline: each event,
        what it changed, and the findings it caused.

        Examples:
          traceq replay samples/homepwner-ipad-double-camera.ndjson.gz --at 15
          traceq replay samples/portrait-screen-after-pop.ndjson.gz
          traceq replay trace.ndjson.gz --session 2
        """)

    @Option(help: "Show the state after this line.")
    var at: Int?

    @Option(help: "Only this session (1 for the file's first).")
    var session: Int?

    @Argument(help: ArgumentHelp("A trace file, or - for standard input.", valueName: "file"))
    var file: String

    func run() throws {
      let status = try ReplayRun(file: file, line: at, session: session).execute()
      if status != 0 { throw ExitCode(status) }
    }
  }
}

/// `traceq replay`: drives one session's replay and prints its state or its timeline.
struct ReplayRun {
  var file: String
  var line: Int?
  var session: Int?
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  func execute() throws -> Int32 {
    let stream: TraceStream
    do {
      stream = try TraceStream(path: file)
    } catch {
      errorOutput("\(error)")
      return 2
    }
    let rules = RuleSet()
    var ordinal = 0
    var replay: SessionReplay?
    var timeline: Timeline?
    var findings: [Finding] = []
    var shownSession = false
    while let item = try stream.next() {
      switch item {
      case .session(let header, let headerLine, let symbols):
        if let replay, let line, line < headerLine, session == nil || session == ordinal {
          return show(replay, at: line)
        }
        ordinal += 1
        replay = nil
        guard session == nil || session == ordinal, header.version == 1 else { continue }
        let started = SessionReplay(header: header, symbols: symbols, ordinal: ordinal, rules: rules)
        replay = started
        if line == nil {
          if shownSession { emit("") }
          shownSession = true
          emit(
            "session \(ordinal) (line \(headerLine)): \(StateDescription(started.model).text.prefix { $0 != "\n" })")
          timeline = Timeline(started.model)
        }
      case .event(let event):
        guard let replay else { continue }
        if let line, event.line > line { return show(replay, at: line) }
        timeline?.prepare(event)
        findings.removeAll(keepingCapacity: true)
        replay.apply(event, into: &findings)
        if let timeline {
          emit(String(event.line).leftPadded(to: 6) + "  " + timeline.narrate(event))
          for finding in findings {
            emit("        \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]")
          }
        }
      case .issue(let issue):
        errorOutput(Diagnostic.line(path: file, issue))
      }
    }
    if let line, line > stream.reader.linesRead {
      errorOutput(
        "\(TerminalText.escaped(file)): error: line \(line) is past the end of the file, "
          + "which has \(Plural.count(stream.reader.linesRead, "line"))")
      return 2
    }
    if let replay, let line { return show(replay, at: line) }
    if let line {
      errorOutput("\(TerminalText.escaped(file)): error: no session holds line \(line)")
      return 2
    }
    return 0
  }

  /// Prints `text` (of one line or several), control characters escaped.
  private func emit(_ text: String) {
    output(TerminalText.escaped(text, keepingLineBreaks: true))
  }

  private func show(_ replay: SessionReplay, at line: Int) -> Int32 {
    replay.model.settle()
    emit("\(TerminalText.escaped(file)):\(line), session \(replay.ordinal)")
    emit(StateDescription(replay.model).text)
    return 0
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
