import PostgresNIO
import TraceModel
import TraceStore

/// Stores findings in `anomalies` (`check --db`), each call in one short transaction: for a
/// session's first part the earlier rows of the rules that ran deleted, the new ones copied;
/// nothing when they are stored already (``StoredFindingRows``).
final class PostgresFindingWriter: FindingWriter {
  private let link: PostgresLink

  init(link: PostgresLink) {
    self.link = link
  }

  deinit { link.close() }

  func writeFindings(_ parts: [FindingsPart], rules: [String]) throws {
    do {
      guard try !areStored(parts, rules: rules) else { return }
    } catch let failure as PostgresFailure {
      throw StoreError.findingsNotStored(location: link.location.description, reason: failure.reason)
    }
    var rows = CopyText()
    for part in parts {
      for finding in part.findings {
        Self.encode(finding, session: part.session.id, trace: part.session.traceID, into: &rows)
        rows.endRow()
      }
    }
    let replaced = parts.filter(\.replaces).map(\.session.id)
    do {
      try link.transaction {
        var binds = PostgresBindings()
        binds.append(replaced)
        binds.append(rules)
        try link.execute("DELETE FROM anomalies WHERE session_id = ANY($1) AND rule = ANY($2)", binds)
        guard rows.count > 0 else { return }
        let copy = CopyStream(link, table: "anomalies", columns: PostgresRowWriter.SmallTable.anomalies.columns)
        try copy.send(rows.bytes)
        try copy.finish()
      }
    } catch let failure as PostgresFailure {
      throw StoreError.findingsNotStored(location: link.location.description, reason: failure.reason)
    }
  }

  private func areStored(_ parts: [FindingsPart], rules: [String]) throws -> Bool {
    guard parts.allSatisfy(\.replaces) else { return false }
    var binds = PostgresBindings()
    binds.append(parts.map(\.session.id))
    binds.append(parts.map { Int64(StoredFindingRows.most($0)) })
    binds.append(rules)
    // Each session's first rows, up to the most its part asks for, in one round trip.
    let stored = Dictionary(
      grouping: try link.rows(
        """
        SELECT session_id, \(StoredFindingRows.columns) FROM (
          SELECT a.*, p.most, row_number() OVER (PARTITION BY a.session_id ORDER BY a.id) AS n
          FROM anomalies a JOIN unnest($1::bigint[], $2::bigint[]) AS p(session_id, most)
            ON a.session_id = p.session_id
          WHERE a.rule = ANY($3)) r
        WHERE n <= most ORDER BY session_id, id
        """, binds
      ).map { row in Array(row).map(PostgresCells.value) },
      by: { $0[0].integer ?? 0 })
    return StoredFindingRows.areStored(parts) { session, _ in (stored[session] ?? []).map { Array($0.dropFirst()) } }
  }

  /// The `anomalies` row of `finding` (without its id), in the columns of
  /// ``PostgresRowWriter/SmallTable/anomalies``.
  static func encode(_ finding: Finding, session: Int64, trace: Int64, into row: inout CopyText) {
    row.int(trace)
    row.int(session)
    for value in StoredFindingRows.values(of: finding) { row.value(value) }
  }

}
