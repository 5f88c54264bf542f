import Replay
import TraceModel
import TraceStore

/// Where an export reads its sessions: trace files (directories are walked), or the sessions
/// a database stores.
enum ExportInput {
  case files([String])
  case database(String)

  /// One trace file.
  static func file(_ path: String) -> ExportInput { .files([path]) }

  /// The files' or the database's path.
  var name: String {
    switch self {
    case .files(let paths): paths.joined(separator: " ")
    case .database(let path): path
    }
  }
}

/// Replays the sessions of an input, through ``TimelineRecorder``, into a ``TimelineSink``:
/// the common part of `traceq export` and `traceq report`. One session is in memory at a time.
struct TimelineExport {
  var input: ExportInput
  /// Only this session: its ordinal in each file, or its `sessions.id` in the database.
  var session: Int?
  var rules = RuleSet()
  /// Where problems with the trace's lines (`file:line: severity: message [kind]`) and the error
  /// that stops a run go.
  var errorOutput: (String) -> Void = Terminal.error

  /// What was read.
  struct Summary {
    var files = 0
    var sessions = 0
    var events = 0
    /// A file does not start with a header: nothing of it was exported.
    var rejected = false
  }

  /// Opens `outputPath` (`-`: standard output) before anything is read, so that an output that
  /// cannot be written stops the run at once, then lets `produce` replay into it. Errors become
  /// one line on `errorOutput`. Returns the exit status: 0 written, 2 unusable input or output.
  func write(to outputPath: String, _ produce: (ReportOutput) throws -> Summary) -> Int32 {
    do {
      let output = outputPath == "-" ? ReportOutput.standardOutput : try ReportOutput.file(outputPath)
      return try produce(output).rejected ? 2 : 0
    } catch {
      errorOutput("\(error)")
      return 2
    }
  }

  /// - Throws: ``ExportError`` when the input cannot be read.
  func run(into sink: TimelineSink) throws -> Summary {
    switch input {
    case .files(let paths): return try runFiles(paths, into: sink)
    case .database(let path): return try runDatabase(path, into: sink)
    }
  }

  /// The files in the order given, directories walked as `check` walks them. A path that cannot
  /// be read is reported and the others exported (exit status 2 all the same).
  private func runFiles(_ paths: [String], into sink: TimelineSink) throws -> Summary {
    let listing = TraceFiles.list(paths)
    (listing.unreadable + listing.notes).forEach(errorOutput)
    guard !listing.files.isEmpty || !listing.unreadable.isEmpty else {
      throw ExportError.unreadable("error: no trace files found in \(paths.joined(separator: ", "))")
    }
    var summary = Summary(rejected: !listing.unreadable.isEmpty)
    for path in listing.files {
      let file = try runFile(path, into: sink, alone: listing.files.count == 1)
      summary.files += 1
      summary.sessions += file.sessions
      summary.events += file.events
      summary.rejected = summary.rejected || file.rejected
    }
    return summary
  }

  /// One file; `alone`: the only one, so that a `--session` it does not have is an error.
  private func runFile(_ path: String, into sink: TimelineSink, alone: Bool) throws -> Summary {
    let stream: TraceStream
    do {
      stream = try TraceStream(path: path)
    } catch {
      throw ExportError.unreadable("\(error)")
    }
    var summary = Summary(files: 1)
    var recorder: RecordedSession?
    var ordinal = 0
    do {
      while let item = try stream.next() {
        switch item {
        case .session(let header, let line, let symbols):
          recorder?.finish(cutShort: false)
          recorder = nil
          ordinal += 1
          guard session == nil || session == ordinal, header.version == 1 else { continue }
          summary.sessions += 1
          let described = TimelineSession(ordinal: ordinal, file: path, line: line, header: header)
          recorder = RecordedSession(session: described, symbols: symbols, rules: rules, sink: sink)
        case .event(let event):
          guard let recorder else { continue }
          summary.events += 1
          recorder.apply(event)
        case .issue(let issue):
          if issue.kind == .missingHeader { summary.rejected = true }
          errorOutput("\(path):\(issue.line): \(issue.severity.rawValue): \(issue.message) [\(issue.kind.rawValue)]")
        }
      }
    } catch {
      throw ExportError.unreadable("\(error)")
    }
    recorder?.finish(cutShort: stream.wasCutShort)
    if let session, ordinal < session, alone {
      throw ExportError.noSuchSession("\(path) has \(ordinal) session\(ordinal == 1 ? "" : "s"), not \(session)")
    }
    return summary
  }

  private func runDatabase(_ path: String, into sink: TimelineSink) throws -> Summary {
    var summary = Summary()
    let wanted = session.map(Int64.init)
    do {
      try StoredSessions.reading(path: path, note: Terminal.error) { stored in
        let sessions = try stored.all().filter { wanted == nil || $0.id == wanted }
        if let session, sessions.isEmpty { throw ExportError.noSuchSession("\(path) stores no session \(session)") }
        summary.files = Set(sessions.map(\.traceID)).count
        for session in sessions {
          var recorder: RecordedSession?
          summary.events += try stored.read(
            session,
            header: { header, symbols in
              summary.sessions += 1
              let described = TimelineSession(
                ordinal: session.ordinal, file: session.path, line: session.firstLine, header: header)
              recorder = RecordedSession(session: described, symbols: symbols, rules: rules, sink: sink)
            },
            event: { recorder?.apply($0) })
          recorder?.finish(cutShort: session.cutShort)
        }
      }
    } catch let error as ExportError {
      throw error
    } catch let error as StoreError {
      throw ExportError.unreadable(error.description)
    } catch {
      throw ExportError.unreadable("error: cannot read the sessions stored in \(path): \(StoreError.reason(error))")
    }
    return summary
  }
}

/// A session replayed, and watched by a ``TimelineRecorder``.
private final class RecordedSession {
  let replay: SessionReplay
  let recorder: TimelineRecorder
  private var findings: [Finding] = []

  init(session: TimelineSession, symbols: SessionSymbols, rules: RuleSet, sink: TimelineSink) {
    replay = SessionReplay(header: session.header, symbols: symbols, ordinal: session.ordinal, rules: rules)
    recorder = TimelineRecorder(session: session, model: replay.model, sink: sink)
  }

  func apply(_ event: TraceEvent) {
    findings.removeAll(keepingCapacity: true)
    replay.apply(event, into: &findings)
    recorder.applied(event, findings: findings)
  }

  func finish(cutShort: Bool) {
    findings.removeAll(keepingCapacity: true)
    replay.finish(cutShort: cutShort, into: &findings)
    recorder.ended(findings: findings)
  }
}

/// Why an export stopped (exit status 2).
enum ExportError: Error, CustomStringConvertible {
  /// The input cannot be opened or read; the text is the whole error line.
  case unreadable(String)
  /// `--session` names a session the input does not have.
  case noSuchSession(String)

  var description: String {
    switch self {
    case .unreadable(let text): text
    case .noSuchSession(let text): "error: \(text)"
    }
  }
}
