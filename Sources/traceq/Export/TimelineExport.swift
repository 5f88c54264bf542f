import Replay
import TraceModel
import TraceStore

/// Where an export reads its sessions: a trace file, or the sessions a database stores.
enum ExportInput {
  case file(String)
  case database(String)
}

/// Replays the sessions of an input, through ``TimelineRecorder``, into a ``TimelineSink``:
/// the common part of `traceq export` and `traceq report`. One session is in memory at a time.
struct TimelineExport {
  var input: ExportInput
  /// Only this session: its ordinal in the file, or its `sessions.id` in the database.
  var session: Int?
  var rules = RuleSet()
  /// Problems with the trace's lines, as `file:line: severity: message [kind]`.
  var onIssue: (String) -> Void = Terminal.error

  /// What was read.
  struct Summary {
    var files = 0
    var sessions = 0
    var events = 0
    /// A file does not start with a header: nothing of it was exported.
    var rejected = false
  }

  /// - Throws: ``ExportError`` when the input cannot be read.
  func run(into sink: TimelineSink) throws -> Summary {
    switch input {
    case .file(let path): return try runFile(path, into: sink)
    case .database(let path): return try runDatabase(path, into: sink)
    }
  }

  private func runFile(_ path: String, into sink: TimelineSink) throws -> Summary {
    let stream: TraceStream
    do {
      stream = try TraceStream(path: path)
    } catch {
      throw ExportError.unreadable("\(error)")
    }
    var summary = Summary(files: 1)
    var recorder: TimelineRecorder?
    var ordinal = 0
    var lastLine = 0
    do {
      while let item = try stream.next() {
        switch item {
        case .session(let header, let line, let symbols):
          recorder?.finish(cutShort: false, lastLine: lastLine)
          recorder = nil
          ordinal += 1
          lastLine = line
          guard session == nil || session == ordinal, header.version == 1 else { continue }
          summary.sessions += 1
          let described = TimelineSession(ordinal: ordinal, file: path, line: line, header: header)
          recorder = TimelineRecorder(session: described, symbols: symbols, rules: rules, sink: sink)
        case .event(let event):
          guard let recorder else { continue }
          summary.events += 1
          lastLine = event.line
          recorder.apply(event)
        case .issue(let issue):
          if issue.kind == .missingHeader { summary.rejected = true }
          onIssue("\(path):\(issue.line): \(issue.severity.rawValue): \(issue.message) [\(issue.kind.rawValue)]")
        }
      }
    } catch {
      throw ExportError.unreadable("\(error)")
    }
    recorder?.finish(cutShort: stream.wasCutShort, lastLine: lastLine)
    if let session, ordinal < session {
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
          var recorder: TimelineRecorder?
          var lastLine = session.firstLine
          summary.events += try stored.read(
            session,
            header: { header, symbols in
              summary.sessions += 1
              let described = TimelineSession(
                ordinal: session.ordinal, file: session.path, line: session.firstLine, header: header)
              recorder = TimelineRecorder(session: described, symbols: symbols, rules: rules, sink: sink)
            },
            event: {
              lastLine = $0.line
              recorder?.apply($0)
            })
          recorder?.finish(cutShort: session.cutShort, lastLine: lastLine)
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
