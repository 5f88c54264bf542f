import PostgresNIO
import TraceModel
import TraceReading
import TraceStore

/// The stored sessions of a PostgreSQL store, read inside one repeatable-read transaction (a
/// snapshot). A session's records come from the `events` view, which rebuilds each one from
/// its columns, through a cursor fetched a few thousand rows at a time.
final class PostgresSessionReader: StoredSessionReader {
  private let link: PostgresLink
  static let rowsPerFetch = 4096

  init(link: PostgresLink) {
    self.link = link
  }

  func sessions() throws -> [StoredSession] {
    try link.rows(Self.sessionsSQL + " ORDER BY s.trace_id, s.ordinal").map(Self.session)
  }

  func holds(_ session: StoredSession) throws -> Bool {
    var binds = PostgresBindings()
    binds.append(session.id)
    return try link.rows(Self.sessionsSQL + " WHERE s.id = $1", binds).first.map(Self.session) == session
  }

  private static let sessionsSQL = """
    SELECT s.id, s.trace_id, s.ordinal, s.first_line, s.first_row, s.last_row, s.header, s.cut_short, t.path, t.sha256
    FROM sessions s JOIN traces t ON t.id = s.trace_id
    """

  private static func session(_ row: PostgresRow) throws -> StoredSession {
    let (id, trace, ordinal, firstLine, firstRow, lastRow, header, cutShort, path, hash) = try row.decode(
      (Int64, Int64, Int, Int, Int64, Int64, String, Bool, String, String).self)
    return StoredSession(
      id: id, traceID: trace, ordinal: ordinal, path: path, firstLine: firstLine, header: header, cutShort: cutShort,
      rows: firstRow <= lastRow ? firstRow...lastRow : nil, fileHash: hash)
  }

  func damage() throws -> [Int64: [IngestIssue]] {
    var binds = PostgresBindings()
    binds.append(IngestIssue.Kind.corruptStream.rawValue)
    let rows = try link.rows(
      """
      SELECT e.trace_id, e.line, e.message FROM ingest_errors e JOIN traces t ON t.id = e.trace_id
      WHERE t.corrupt AND e.kind = $1 ORDER BY e.trace_id, e.line
      """, binds
    ).map { try $0.decode((Int64, Int, String).self) }
    return Dictionary(grouping: rows, by: \.0).mapValues { rows in
      rows.map { IngestIssue(.corruptStream, line: $0.1, $0.2) }
    }
  }

  func readRecords(of session: StoredSession, batchBytes: Int, _ body: (any StoredRecordBatch) throws -> Void) throws {
    guard session.rows != nil else { return }
    var binds = PostgresBindings()
    binds.append(session.id)
    try link.execute(
      "DECLARE records NO SCROLL CURSOR FOR SELECT line, record::text FROM events WHERE session_id = $1 ORDER BY line",
      binds)
    var batch = PostgresRecordBatch()
    while true {
      let rows = try link.rows("FETCH \(Self.rowsPerFetch) FROM records")
      for row in rows {
        let (line, record) = try row.decode((Int, String).self)
        batch.append(line: line, record: record)
        if batch.byteCount >= batchBytes {
          try body(batch)
          batch = PostgresRecordBatch()
        }
      }
      if rows.count < Self.rowsPerFetch { break }
    }
    try link.execute("CLOSE records")
    if !batch.isEmpty { try body(batch) }
  }
}

/// Records of a stored session as the `events` view gave them: JSON text, one after another.
struct PostgresRecordBatch: StoredRecordBatch {
  private var bytes: [UInt8] = []
  private var records: [(line: Int, range: Range<Int>)] = []

  var isEmpty: Bool { records.isEmpty }
  var byteCount: Int { bytes.count + records.count * MemoryLayout<(Int, Range<Int>)>.stride }

  mutating func append(line: Int, record: String) {
    let start = bytes.count
    bytes.append(contentsOf: record.utf8)
    records.append((line, start..<bytes.count))
  }

  func forEach(_ body: (RawLine) throws -> Void) rethrows {
    try bytes.withUnsafeBytes { bytes in
      for record in records {
        try body(RawLine(number: record.line, bytes: UnsafeRawBufferPointer(rebasing: bytes[record.range])))
      }
    }
  }
}
