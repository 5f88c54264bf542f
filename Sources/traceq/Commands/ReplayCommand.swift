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
  var output: (String) -> Void = { print($0) }
  var errorOutput: (String) -> Void = Terminal.error

  func execute() throws -> Int32 {
    let stream: TraceStream
    do {
      stream = try TraceStream(path: file)
    } catch {
      errorOutput("\(error)")
      return 2
    }
    let driver = SessionDriver(rules: RuleSet(), replays: { session == nil || session == $0 })
    let printer = TimelinePrinter(file: file, printsTimeline: line == nil, output: output, errorOutput: errorOutput)
    while let item = try stream.next() {
      if let line, let replay = driver.session?.replay {
        switch item {
        case .session(_, let headerLine, _) where line < headerLine: return show(replay, at: line)
        case .event(let event) where event.line > line: return show(replay, at: line)
        default: break
        }
      }
      driver.take(item, to: printer)
    }
    if let replay = driver.session?.replay, let line { return show(replay, at: line) }
    if let line {
      errorOutput("\(file): error: no session holds line \(line)")
      return 2
    }
    return 0
  }

  private func show(_ replay: SessionReplay, at line: Int) -> Int32 {
    replay.model.settle()
    output("\(file):\(line), session \(replay.ordinal)")
    output(StateDescription(replay.model).text)
    return 0
  }
}

/// Prints what each event of the replayed sessions did (`traceq replay` without `--at`), and
/// the issues of the trace's lines.
private final class TimelinePrinter: SessionObserver {
  let file: String
  let printsTimeline: Bool
  let output: (String) -> Void
  let errorOutput: (String) -> Void
  private var timeline: Timeline?
  private var shownSession = false

  init(file: String, printsTimeline: Bool, output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void)
  {
    self.file = file
    self.printsTimeline = printsTimeline
    self.output = output
    self.errorOutput = errorOutput
  }

  func sessionStarted(_ session: DrivenSession) {
    timeline = nil
    guard printsTimeline, let replay = session.replay else { return }
    if shownSession { output("") }
    shownSession = true
    output(
      "session \(session.ordinal) (line \(session.line)): \(StateDescription(replay.model).text.prefix { $0 != "\n" })")
    timeline = Timeline(replay.model)
  }

  func willApply(_ event: TraceEvent) { timeline?.prepare(event) }

  func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>) {
    guard let timeline else { return }
    output(String(event.line).leftPadded(to: 6) + "  " + timeline.narrate(event))
    for finding in findings {
      output("        \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]")
    }
  }

  func issueFound(_ issue: IngestIssue) {
    errorOutput(Diagnostic.line(path: file, issue))
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
