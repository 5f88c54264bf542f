import GRDB
import TraceModel

/// Stores the findings of a session's replay in `anomalies`: the earlier results of the rules
/// that ran are deleted, then the new ones inserted (a part at a time, for a session with many).
///
/// `check --db` does this once per session (200 sessions at 1 M events), so both statements
/// are prepared once per connection and bound through SQLite's C API (``PreparedInsert``): the
/// rules are bound to the delete once per writer, a session's id is all that changes.
struct AnomalyWriter {
  private let deleteStatement: PreparedInsert
  private let insertStatement: PreparedInsert

  /// A writer whose ``delete(session:)`` removes the findings of `rules`.
  init(db: Database, rules: [String]) throws {
    let placeholders = Array(repeating: "?", count: rules.count).joined(separator: ", ")
    deleteStatement = try PreparedInsert(
      cached: db, sql: "DELETE FROM anomalies WHERE session_id = ? AND rule IN (\(placeholders))")
    for (index, rule) in rules.enumerated() { deleteStatement.bind(Int32(index + 2), rule) }
    let values = Array(repeating: "?", count: 2 + StoredFindingRows.names.count).joined(separator: ", ")
    insertStatement = try PreparedInsert(
      cached: db,
      sql: "INSERT INTO anomalies (trace_id, session_id, \(StoredFindingRows.columns)) VALUES (\(values))")
  }

  /// Deletes the session's findings of the rules.
  func delete(session: Int64) throws {
    deleteStatement.bind(1, session)
    try deleteStatement.step()
  }

  /// Adds findings of the session.
  func insert(session: Int64, trace: Int64, _ findings: [Finding]) throws {
    let statement = insertStatement
    for finding in findings {
      statement.bind(1, trace)
      statement.bind(2, session)
      for (offset, value) in StoredFindingRows.values(of: finding).enumerated() {
        statement.bind(Int32(offset + 3), value)
      }
      try statement.step()
    }
  }

}
