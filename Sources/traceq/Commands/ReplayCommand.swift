import ArgumentParser
import Replay
import TraceImporters
import TraceModel

extension TraceqCommand {
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "replay",
      abstract: "Show how traceq replays a trace: the state at a line, or a timeline of what each event did.",
      discussion: """
        With --at, prints the model's state after that line: orientation and who decides it, each \
        window's controller tree (parents, navigation stacks, tabs, presented controllers) with each \
        controller's appearance state, and the popovers. Without it, prints a timeline: each event, \
        what it changed, and the findings it caused; --vc and --lines show part of it.

        Examples:
          traceq replay samples/homepwner-ipad-double-camera.ndjson.gz --at 15
          traceq replay samples/portrait-screen-after-pop.ndjson.gz
          traceq replay trace.ndjson.gz --session 2
          traceq replay trace.ndjson.gz --vc 0xd4 --lines 10-20
        """)

    @Option(help: "Show the state after this line.")
    var at: Int?

    @Option(help: "Only this session (1 for the file's first).")
    var session: Int?

    @Option(help: ArgumentHelp("Timeline: only the events that name this controller or popover.", valueName: "address"))
    var vc: String?

    @Option(help: ArgumentHelp("Timeline: only the events of these lines (A-B, A- or A).", valueName: "range"))
    var lines: LineRange?

    @OptionGroup var color: ColorOptions

    @Argument(help: ArgumentHelp("A trace file, or - for standard input.", valueName: "file"))
    var file: String

    func validate() throws {
      if let session, session < 1 {
        throw ValidationError("--session \(session) is out of range: sessions are numbered from 1")
      }
    }

    func run() throws {
      var run = ReplayRun(file: file, line: at, session: session)
      run.controller = vc
      run.lines = lines?.range ?? 1...Int.max
      run.colour = color.enabled(onTerminal: Terminal.standardOutputIsTerminal)
      try run.execute().end()
    }
  }
}

/// `traceq replay`: drives one session's replay and prints its state or its timeline.
struct ReplayRun {
  var file: String
  var line: Int?
  var session: Int?
  /// Timeline: only events whose narration names this address.
  var controller: String?
  /// Timeline: only events of these lines.
  var lines: ClosedRange<Int> = 1...Int.max
  /// Whether findings and line numbers are coloured.
  var colour = false
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  func execute() throws -> ExitStatus {
    let stream: TraceStream
    do {
      stream = try TraceFiles.stream(file)
    } catch {
      errorOutput(TerminalText.escaped("\(error)"))
      return .unusable
    }
    let driver = SessionDriver(rules: RuleSet(), replays: { session == nil || session == $0 })
    let printer = TimelinePrinter(run: self)
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
    if let session, session > driver.summary.sessions {
      let sessions = driver.summary.sessions
      errorOutput(
        "\(TerminalText.escaped(file)): error: --session \(session) is out of range: "
          + (sessions == 0
            ? "the file has no session" : "the file has \(Plural.count(sessions, "session")) (1-\(sessions))"))
      return .unusable
    }
    if let line, line > stream.reader.linesRead {
      errorOutput(
        "\(TerminalText.lineStart(file)): error: line \(line) is past the end of the file, "
          + "which has \(Plural.count(stream.reader.linesRead, "line"))")
      return .unusable
    }
    if let replay = driver.session?.replay, let line { return show(replay, at: line) }
    if let line {
      errorOutput("\(TerminalText.lineStart(file)): error: no session holds line \(line)")
      return .unusable
    }
    // The timeline's last session ends here: the findings it held until then are printed, and
    // an input without events says so.
    driver.finishInput(kind: stream.kind, cutShort: stream.wasCutShort, to: printer)
    return .clean
  }

  /// Prints `text` (of one line or several), control characters escaped.
  private func emit(_ text: String) {
    output(TerminalText.escaped(text, keepingLineBreaks: true))
  }

  /// Whether `text` names `address` as a whole word (`0xd4`, not `0xd45`).
  static func names(_ text: String, _ address: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: address) {
      let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      if !(before?.isLetter == true || before?.isNumber == true), !(after?.isLetter == true || after?.isNumber == true)
      {
        return true
      }
      rest = text[range.upperBound...]
    }
    return false
  }

  /// `text` in a colour when colouring.
  fileprivate func paint(_ text: String, _ code: String) -> String {
    colour ? ANSIColour.paint(text, code) : text
  }

  fileprivate func paint(_ severity: Severity) -> String {
    colour ? ANSIColour.paint(severity) : severity.rawValue
  }

  private func show(_ replay: SessionReplay, at line: Int) -> ExitStatus {
    replay.model.settle()
    emit("\(TerminalText.lineStart(file)):\(line), session \(replay.ordinal)")
    emit(StateDescription(replay.model).text)
    return .clean
  }
}

/// Prints the timeline of the replayed sessions (`traceq replay` without `--at`), as the
/// session driver replays them, and the issues of the trace's lines. A finding is printed under
/// the line it is about, with the line that decided it when that came later: while the model
/// holds findings for the events after them, the lines are kept back (at most
/// ``maxHeldEntries``), then printed with the findings those events decided.
private final class TimelinePrinter: SessionObserver {
  /// The most event lines kept back while findings wait; past it, the oldest are printed.
  static let maxHeldEntries = 10_000

  private let run: ReplayRun
  private var timeline: Timeline?
  private var model: SessionModel?
  private var shownSession = false
  /// The current session's first line, printed before its first event shown.
  private var sessionTitle: String?
  /// Event lines not printed yet, with the findings about them.
  private var entries: [Entry] = []
  /// The findings the session's end made about lines printed already, or not kept back.
  private var ending: [Finding] = []

  private struct Entry {
    var line: Int
    var narration: String
    var findings: [Finding] = []
  }

  init(run: ReplayRun) { self.run = run }

  func sessionStarted(_ session: DrivenSession) {
    timeline = nil
    model = nil
    sessionTitle = nil
    guard run.line == nil, let replay = session.replay else { return }
    sessionTitle =
      "session \(session.ordinal) (line \(session.line)): \(StateDescription(replay.model).text.prefix { $0 != "\n" })"
    timeline = Timeline(replay.model)
    model = replay.model
  }

  func willApply(_ event: TraceEvent) { timeline?.prepare(event) }

  func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>) {
    guard let timeline else { return }
    if run.lines.contains(event.line) { entries.append(Entry(line: event.line, narration: timeline.narrate(event))) }
    for finding in findings { place(finding) }
    if model?.holdsFindings != true {
      flush(entries.count)
    } else if entries.count > Self.maxHeldEntries {
      flush(entries.count - Self.maxHeldEntries)
    }
  }

  func sessionEndFound(_ session: DrivenSession, findings: ArraySlice<Finding>) {
    guard timeline != nil else { return }
    for finding in findings {
      if entries.contains(where: { $0.line == finding.line }) {
        place(finding)
      } else if run.lines.contains(finding.line) {
        ending.append(finding)
      }
    }
  }

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
    guard timeline != nil else { return }
    flush(entries.count)
    if !ending.isEmpty {
      title()
      run.output(run.paint("   end", ANSIColour.dim) + "  the session ends")
      // By line, as the session's findings are (those of a line in the order made).
      for finding in ending.enumerated().sorted(by: { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }) {
        output(finding.element, at: nil)
      }
      ending.removeAll()
    }
  }

  func issueFound(_ issue: IngestIssue) { run.errorOutput(Diagnostic.line(path: run.file, issue)) }

  /// Attaches `finding` to the line it is about, when that line is kept back, else to the last.
  private func place(_ finding: Finding) {
    guard let index = entries.lastIndex(where: { $0.line <= finding.line }) ?? entries.indices.last else {
      // Its line was printed already (the buffer overflowed): print it now.
      if run.lines.contains(finding.line) {
        title()
        output(finding, at: nil)
      }
      return
    }
    entries[index].findings.append(finding)
  }

  /// Prints the first `count` entries kept back.
  private func flush(_ count: Int) {
    for entry in entries.prefix(count) {
      if let address = run.controller, !ReplayRun.names(entry.narration, address),
        !entry.findings.contains(where: { ReplayRun.names($0.message, address) })
      {
        continue
      }
      title()
      run.output(
        run.paint(String(entry.line).leftPadded(to: 6), ANSIColour.dim) + "  "
          + TerminalText.escaped(entry.narration, keepingLineBreaks: true))
      for finding in entry.findings { output(finding, at: entry.line) }
    }
    entries.removeFirst(min(count, entries.count))
  }

  /// The session's title, before its first line printed.
  private func title() {
    guard let title = sessionTitle else { return }
    if shownSession { run.output("") }
    shownSession = true
    run.output(run.paint(TerminalText.escaped(title), ANSIColour.bold))
    sessionTitle = nil
  }

  /// A finding under the entry of `line` (nil: printed apart, so it says its line).
  private func output(_ finding: Finding, at line: Int?) {
    var notes: [String] = []
    if finding.line != line { notes.append("line \(finding.line)") }
    if let decided = finding.decidedLine { notes.append("decided at line \(decided)") }
    let note = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
    run.output(
      "        \(run.paint(finding.severity)): "
        + TerminalText.escaped("\(finding.message) [\(finding.ruleID)]\(note)", keepingLineBreaks: true))
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
