import TraceModel
import TraceReading

/// A session as stored, ready to be replayed.
package struct StoredSession: Sendable, Hashable {
  package var id: Int64
  package var traceID: Int64
  /// Its ordinal in its file (1 for the first header).
  package var ordinal: Int
  /// The path of its file, as it was ingested.
  package var path: String
  package var firstLine: Int
  /// The header line as written.
  package var header: String
  package var cutShort: Bool
  /// Where the backend finds its events (for SQLite, its range of `event_rows` ids).
  package var rows: ClosedRange<Int64>?
  /// The SHA-256 of its file's content (`traces.sha256`): the same id with another hash is
  /// another file stored since (`ingest --force`).
  package var fileHash: String

  package init(
    id: Int64, traceID: Int64, ordinal: Int, path: String, firstLine: Int, header: String, cutShort: Bool,
    rows: ClosedRange<Int64>?, fileHash: String
  ) {
    self.id = id
    self.traceID = traceID
    self.ordinal = ordinal
    self.path = path
    self.firstLine = firstLine
    self.header = header
    self.cutShort = cutShort
    self.rows = rows
    self.fileHash = fileHash
  }
}

/// The stored sessions of one snapshot of a store (``TraceStoreBackend/readSessions(note:_:)``),
/// for their replay: `check --db`, `export --db`, `report --db`.
package protocol StoredSessionReader {
  /// Every stored session, in file and line order.
  func sessions() throws -> [StoredSession]
  /// Whether this snapshot holds `session`, listed by another snapshot of the same store, as
  /// that one did (its file not replaced since, so the same records): a replay shared between
  /// several readers (`check --db` on several cores) reads each session from a reader that does.
  func holds(_ session: StoredSession) throws -> Bool
  /// The damage found when each damaged file was stored, by trace id: its findings are not to
  /// be trusted from the line each issue names.
  func damage() throws -> [Int64: [IngestIssue]]
  /// Reads the event records of `session` in line order, handing `body` a batch each time
  /// about `batchBytes` are read.
  func readRecords(of session: StoredSession, batchBytes: Int, _ body: (any StoredRecordBatch) throws -> Void) throws
}

extension StoredSessionReader {
  /// Calls `body` with each event record of `session`, in line order (see
  /// ``StoredRecordBatch/forEach(_:)``).
  package func forEachRecord(of session: StoredSession, _ body: (RawLine) throws -> Void) throws {
    try readRecords(of: session, batchBytes: 1 << 16) { try $0.forEach(body) }
  }

  /// Calls `body` with each event record of `session`, in line order, to be decoded (see
  /// ``StoredRecordBatch/forEachToDecode(_:)``).
  package func forEachRecordToDecode(of session: StoredSession, _ body: (RawLine) throws -> Void) throws {
    try readRecords(of: session, batchBytes: 1 << 16) { try $0.forEachToDecode(body) }
  }
}

/// Event records of a stored session as the store gave them, read but not yet made into text:
/// the thread that reads the store fills a batch, and the thread that replays the session makes
/// its records (``forEach(_:)``), so that a replay on two cores shares the work between them.
package protocol StoredRecordBatch: Sendable {
  /// The bytes it holds (to bound what is read ahead).
  var byteCount: Int { get }
  /// Calls `body` with each record, in line order: a JSON object equal to the line as written
  /// (the `events` view's `record`), so that a replay decodes it as `check` decodes the file.
  /// The bytes are valid during the call.
  func forEach(_ body: (RawLine) throws -> Void) rethrows
  /// Calls `body` with each record, in line order, as a decoder needs it to decode it as
  /// ``forEach(_:)``'s record (same items): the line's ``RawLine/prescanned`` may hold the
  /// record's values read from the store's columns, and its bytes then only the bytes those
  /// values point at, not the record's text. For a replay, which reads the events decoded and
  /// nothing else of the line; the bytes are valid during the call.
  func forEachToDecode(_ body: (RawLine) throws -> Void) rethrows
}

extension StoredRecordBatch {
  /// The records as text (a store that keeps no columns to read the values from).
  package func forEachToDecode(_ body: (RawLine) throws -> Void) rethrows { try forEach(body) }
}

/// Replaces stored findings (`check --db`), a few sessions at a time, each call one short unit
/// of work so that writers storing files meanwhile wait for it only briefly.
package protocol FindingWriter: AnyObject {
  /// Stores each part's findings: a part that ``FindingsPart/replaces`` first removes the
  /// session's stored findings of `rules`; a later part of the same session adds to it.
  func writeFindings(_ parts: [FindingsPart], rules: [String]) throws
}

/// Some findings of one session, for a ``FindingWriter``: a session with many findings is
/// stored in several parts, in line order, so that they are never all held at once.
package struct FindingsPart {
  package var session: StoredSession
  package var findings: [Finding]
  /// The session's first part: its earlier findings of the rules that ran are replaced.
  package var replaces: Bool

  package init(session: StoredSession, findings: [Finding], replaces: Bool) {
    self.session = session
    self.findings = findings
    self.replaces = replaces
  }
}
