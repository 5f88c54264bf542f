import TraceModel

/// How a backend writes the rows of one trace file inside the file's unit of work, for
/// ``TraceFileRows``, which decides what to write: the trace row, each session with its events
/// and objects, the issues found reading the file and the findings of its replay.
///
/// Events come one at a time (``insert(_:columns:objects:session:record:stored:)``); a backend batches
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

  /// The id of the file's first controller or popover: the objects of its sessions get the
  /// following ids in the order they are named (``SessionObjectRows``).
  func firstObjectID() throws -> Int64
  /// Adds a session row; returns its id.
  func startSession(trace: Int64, ordinal: Int, line: Int, header: SessionHeader, text: String) throws -> Int64
  /// Completes a session: its counts and events, and the classes of its controller rows (each once).
  func finishSession(_ id: Int64, lastLine: Int, events: Int, cutShort: Bool, classes: [String]) throws
  /// Stores one event of the open session, pointing at the rows of the objects its columns name;
  /// `record` is its line as written, `stored` what the row keeps of it when the source split it
  /// already (``RecordForm``).
  func insert(
    _ event: TraceEvent, columns: EventColumns, objects: EventObjectRows, session: Int64,
    record: UnsafeRawBufferPointer, stored: (bytes: UnsafeRawBufferPointer, form: Int64)?) throws
  /// Stores one lifetime of a controller of the open session.
  func insert(_ controller: ControllerRow, session: Int64) throws
  /// Stores a popover of the open session.
  func insertPopover(id: Int64, address: String, session: Int64) throws
  func insert(_ issue: IngestIssue, trace: Int64, session: Int64?) throws
  /// Adds findings of the open session, new in this file, which has none stored yet
  /// (`ingest --check`; a session with many findings hands them on in several parts).
  func insertFindings(session: Int64, trace: Int64, _ findings: [Finding]) throws
}

/// The row ids of the objects an event's columns name (``EventColumns``).
package struct EventObjectRows {
  package var vc: Int64?
  package var other: Int64?
  package var popover: Int64?
}
