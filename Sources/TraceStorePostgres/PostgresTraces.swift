import PostgresNIO

/// Statements about whole stored traces.
enum PostgresTraces {
  /// Deletes trace `id` and everything that belongs to it, inside the caller's transaction.
  static func delete(_ id: Int64, on link: PostgresLink) throws {
    let sessions = "SELECT id FROM sessions WHERE trace_id = $1"
    for table in ["event_rows", "session_events", "session_classes", "controllers", "popovers", "anomalies"] {
      var binds = PostgresBindings()
      binds.append(id)
      try link.execute("DELETE FROM \(table) WHERE session_id IN (\(sessions))", binds)
    }
    for statement in [
      "DELETE FROM ingest_errors WHERE trace_id = $1", "DELETE FROM sessions WHERE trace_id = $1",
      "DELETE FROM traces WHERE id = $1",
    ] {
      var binds = PostgresBindings()
      binds.append(id)
      try link.execute(statement, binds)
    }
  }
}
