import GRDB
import TraceModel

/// Stores the findings of a session's replay in `anomalies`: the earlier results of the rules
/// that ran are deleted, then the new ones inserted (a part at a time, for a session with many).
struct AnomalyWriter {
  let db: Database
  let rules: [String]

  /// Deletes the session's findings of the rules.
  func delete(session: Int64) throws {
    let placeholders = Array(repeating: "?", count: rules.count).joined(separator: ", ")
    // Cached: `check --db` deletes once per session, and preparing this statement (a
    // placeholder per rule) cost as much as running it.
    try db.cachedStatement(sql: "DELETE FROM anomalies WHERE session_id = ? AND rule IN (\(placeholders))")
      .execute(arguments: StatementArguments([session] + rules.map { $0 as DatabaseValueConvertible }))
  }

  /// Adds findings of the session.
  func insert(session: Int64, trace: Int64, _ findings: [Finding]) throws {
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO anomalies (trace_id, session_id, line, rule, severity, vc, class, message, hint, source,
          app_vc, app_class, decided_line, frame)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for finding in findings {
      let app = finding.appController
      try insert.execute(arguments: [
        trace, session, finding.line, finding.ruleID, finding.severity.rawValue, finding.controller?.address,
        finding.controller?.className, finding.message, finding.hint, finding.source.rawValue,
        app.flatMap { $0.address.isEmpty ? nil : $0.address }, app?.className, finding.decidedLine, finding.frame,
      ])
    }
  }
}
