import GRDB
import TraceModel

/// Stores the findings of a session's replay in `anomalies`, replacing the earlier results of
/// the rules that ran.
struct AnomalyWriter {
  let db: Database
  let rules: [String]

  func replace(session: Int64, trace: Int64, with findings: [Finding]) throws {
    let placeholders = Array(repeating: "?", count: rules.count).joined(separator: ", ")
    try db.execute(
      sql: "DELETE FROM anomalies WHERE session_id = ? AND rule IN (\(placeholders))",
      arguments: StatementArguments([session] + rules.map { $0 as DatabaseValueConvertible }))
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
