import Foundation
import Replay
import TraceIngest
import TraceModel
import TraceStore

/// Where an export reads its sessions: trace files (directories are walked), or the sessions
/// a database stores.
enum ExportInput {
  case files([String])
  case database(String)

  /// One trace file.
  static func file(_ path: String) -> ExportInput { .files([path]) }

  /// The files' paths, or the database as messages name it (a URL without its password).
  var name: String {
    switch self {
    case .files(let paths): paths.joined(separator: " ")
    case .database(let path): TraceStores.at(path).location
    }
  }
}

/// Replays the sessions of an input, through ``TimelineRecorder``, into a ``TimelineSink``:
/// the common part of `traceq export` and `traceq report`. One session is in memory at a time.
struct TimelineExport {
  var input: ExportInput
  /// Only this session: its ordinal in each file, or its `sessions.id` in the database.
  var session: Int?
  /// `.traceq.yml` merged with the flags, as `check` applies it: the rules that run, the files a
  /// walk picks, and the findings hidden or suppressed (left out, counted in ``Summary``).
  var policy: CheckPolicy
  /// The app's sources (`--source-root`), whose places the findings are given.
  var sources: SourceIndex?
  /// Where problems with the trace's lines (`file:line: severity: message [kind]`) and the error
  /// that stops a run go.
  var errorOutput: (String) -> Void = Terminal.error
  /// Whether each file is decompressed and split on a thread of its own, as `check` reads a file
  /// when a core is left over: the files are exported one at a time, so whenever there is more
  /// than one core.
  var readsAhead = ProcessInfo.processInfo.activeProcessorCount > 1

  /// What was read.
  struct Summary {
    var files = 0
    var sessions = 0
    var events = 0
    /// Findings the configuration suppresses: left out, as `check` leaves them out of its text.
    var suppressed = 0
    /// A file does not start with a header: nothing of it was exported.
    var rejected = false
  }

  /// - Throws: ``ExportError`` when the input cannot be read.
  func run(into sink: TimelineSink) throws -> Summary {
    switch input {
    case .files(let paths): return try runFiles(paths, into: sink)
    case .database(let path): return try runDatabase(path, into: sink)
    }
  }

  /// The files in the order given, directories walked and files read as `check` walks and reads
  /// them (traces, console logs, crash reports). A path that cannot be read is reported and the
  /// others exported (exit status 2 all the same).
  private func runFiles(_ paths: [String], into sink: TimelineSink) throws -> Summary {
    let listing = TraceFiles.list(paths, selection: policy.fileSelection)
    let announced = listing.announce(inputs: paths, policy: policy, omission: "not exported", to: errorOutput)
    guard !listing.files.isEmpty || !listing.unreadable.isEmpty else { throw ExportError.noFiles }
    var summary = Summary(rejected: announced != .clean)
    for path in listing.files {
      let file = try runFile(path, into: sink, alone: listing.files.count == 1)
      summary.files += 1
      summary.sessions += file.sessions
      summary.events += file.events
      summary.suppressed += file.suppressed
      summary.rejected = summary.rejected || file.rejected
    }
    return summary
  }

  /// One file; `alone`: the only one, so that a `--session` it does not have is an error.
  private func runFile(_ path: String, into sink: TimelineSink, alone: Bool) throws -> Summary {
    let driver = SessionDriver(rules: policy.rules, replays: { session == nil || session == $0 })
    let observer = TimelineObserver(file: path, export: self, sink: sink)
    let driven: SessionDriver.Summary
    do {
      driven = try driver.run(try TraceFiles.stream(path, readsAhead: readsAhead), to: observer)
    } catch {
      throw ExportError.unreadable("\(error)")
    }
    if let session, driven.sessions < session, alone {
      throw ExportError.noSuchSession("\(path) has \(Plural.count(driven.sessions, "session")), not \(session)")
    }
    return Summary(
      files: 1, sessions: observer.sessions, events: driven.events, suppressed: observer.suppressed,
      rejected: driven.rejected)
  }

  private func runDatabase(_ path: String, into sink: TimelineSink) throws -> Summary {
    var summary = Summary()
    let wanted = session.map(Int64.init)
    let store = TraceStores.at(path)
    do {
      try store.readSessions(note: errorOutput) { stored in
        let keeps = policy.fileSelection.keepsStored
        let sessions = try stored.sessions().filter { (wanted == nil || $0.id == wanted) && keeps($0.path) }
        if let session, sessions.isEmpty {
          throw ExportError.noSuchSession("\(store.location) stores no session \(session)")
        }
        summary.files = Set(sessions.map(\.traceID)).count
        for session in sessions {
          let observer = TimelineObserver(file: session.path, export: self, sink: sink)
          guard let driven = try stored.replay(session, rules: policy.rules, to: observer) else { continue }
          summary.sessions += observer.sessions
          summary.events += driven.events
          summary.suppressed += observer.suppressed
        }
      }
    } catch let error as ExportError {
      throw error
    } catch let error as StoreError {
      throw ExportError.unreadable(error.message)
    } catch {
      throw ExportError.unreadable("error: cannot read the sessions stored in \(store.location): \(error)")
    }
    return summary
  }
}

/// Hands the sessions a ``SessionDriver`` replays to a ``TimelineRecorder`` each, with the
/// findings the policy reports, and the problems with the trace's lines to the error output.
private final class TimelineObserver: SessionObserver {
  let file: String
  let sink: TimelineSink
  let policy: CheckPolicy
  let sources: SourceIndex?
  let errorOutput: (String) -> Void
  /// Sessions replayed.
  private(set) var sessions = 0
  /// Findings the policy suppressed.
  private(set) var suppressed = 0
  private var recorder: TimelineRecorder?

  init(file: String, export: TimelineExport, sink: TimelineSink) {
    self.file = file
    self.sink = sink
    policy = export.policy
    sources = export.sources
    errorOutput = export.errorOutput
  }

  func sessionStarted(_ session: DrivenSession) {
    recorder = nil
    guard let replay = session.replay else { return }
    sessions += 1
    let described = TimelineSession(ordinal: session.ordinal, file: file, line: session.line, header: session.header)
    recorder = TimelineRecorder(session: described, model: replay.model, sink: sink, sources: sources)
  }

  func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>) {
    guard let recorder else { return }
    recorder.applied(event, findings: reported(findings))
  }

  func issueFound(_ issue: IngestIssue) { errorOutput(Diagnostic.line(path: file, issue)) }

  func sessionEndFound(_ session: DrivenSession, findings: ArraySlice<Finding>) {
    recorder?.endFound(reported(findings))
  }

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
    recorder?.ended()
    recorder = nil
  }

  /// The findings the policy reports, as `check` decides: hidden ones (below the minimum
  /// severity, ignored classes) dropped, suppressed ones dropped and counted.
  private func reported(_ findings: some Collection<Finding>) -> [Finding] {
    guard !findings.isEmpty else { return [] }
    return findings.filter { finding in
      switch policy.verdict(for: finding, in: file) {
      case .reported: return true
      case .hidden: return false
      case .suppressed:
        suppressed += 1
        return false
      }
    }
  }
}

/// Why an export stopped (exit status 2).
enum ExportError: CommandError, CustomStringConvertible {
  /// The input cannot be opened or read; the text is the whole error line.
  case unreadable(String)
  /// `--session` names a session the input does not have.
  case noSuchSession(String)
  /// The inputs hold no file to read (the listing said so on the error output).
  case noFiles

  var description: String {
    switch self {
    case .unreadable(let text): text
    case .noSuchSession(let text): "error: \(text)"
    case .noFiles: "error: no trace files found"
    }
  }

  var status: ExitStatus { .unusable }
  var message: String? {
    if case .noFiles = self { return nil }
    return description
  }
}
