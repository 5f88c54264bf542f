import TraceModel

/// How a backend writes the rows of one trace file inside the file's unit of work, for
/// ``TraceFileRows``, which decides what to write: the trace row, each session with its events
/// and objects, the issues found reading the file and the findings of its replay.
///
/// Events come one at a time (``insert(_:session:idBase:record:stored:)``); a backend batches
/// them as it sees fit, and must have written them all when their session is finished.
package protocol TraceRows: AnyObject {
  /// The line of the first event past the file's unknown-names limit, once there is one
  /// (``EventNameIndex``).
  var reachedUnknownNameLimit: Int? { get }

  /// Adds the file's trace row (its counts and hash come with ``finishTrace(_:_:)``); returns its id.
  func startTrace(path: String) throws -> Int64
  /// Completes the trace row and marks its sessions that reach an unverified line.
  func finishTrace(_ id: Int64, _ summary: IngestSummary) throws
  /// The trace already stored with this content, other than `id`.
  func trace(withHash sha256: String, other id: Int64) throws -> (id: Int64, path: String)?
  /// Deletes a stored trace and everything that belongs to it.
  func deleteTrace(_ id: Int64) throws

  /// The id of the file's first controller or popover: a session's objects get consecutive ids
  /// from there, in the order of the session's symbols.
  func firstObjectID() throws -> Int64
  /// Adds a session row; returns its id.
  func startSession(trace: Int64, ordinal: Int, line: Int, header: SessionHeader, text: String) throws -> Int64
  /// Completes a session: its counts and events, and a row per controller and popover it named
  /// (the object of index `i` has id `idBase + i`).
  func finishSession(_ id: Int64, lastLine: Int, events: Int, cutShort: Bool, symbols: SessionSymbols, idBase: Int64)
    throws
  /// Stores one event of the open session; `record` is its line as written, `stored` what the
  /// row keeps of it when the source split it already (``RecordForm``).
  func insert(
    _ event: TraceEvent, session: Int64, idBase: Int64, record: UnsafeRawBufferPointer,
    stored: (bytes: UnsafeRawBufferPointer, form: Int64)?) throws
  func insert(_ issue: IngestIssue, trace: Int64, session: Int64?) throws
  /// Adds findings of the open session, new in this file, which has none stored yet
  /// (`ingest --check`; a session with many findings hands them on in several parts).
  func insertFindings(session: Int64, trace: Int64, _ findings: [Finding]) throws
}
