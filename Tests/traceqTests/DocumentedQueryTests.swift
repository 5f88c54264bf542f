import GRDB
import TestSupport
import Testing

@testable import TraceGenerator
@testable import traceq

/// The questions README.md and docs/schema.md ask, on a database built from a generated trace:
/// none reads every row of `event_rows` (no SCAN of it in the plan), and each gives the rows
/// of the same question asked of the tables directly.
@Suite("The documented queries use an index")
struct DocumentedQueryTests {
  struct Question: CustomStringConvertible {
    let sql: String
    /// The same question on the tables, or the row count expected.
    let join: String
    var description: String { sql }
  }

  static func questions(vc: String, session: Int) -> [Question] {
    [
      Question(
        sql: "SELECT ev, sum(events) AS n FROM event_counts GROUP BY ev ORDER BY n DESC",
        join: "SELECT count(DISTINCT ev_id) FROM event_rows"),
      Question(
        sql: """
          SELECT file, session_id, vc, class, count(*) AS n FROM events WHERE ev = 'viewDidAppear'
          GROUP BY file, session_id, vc, class HAVING count(*) > 1
          """,
        join: """
          SELECT count(*) FROM (SELECT count(*) AS n FROM event_rows e JOIN event_names n ON n.id = e.ev_id
          JOIN controllers c ON c.id = e.vc_id WHERE n.name = 'viewDidAppear' GROUP BY e.session_id, c.address
          HAVING n > 1)
          """),
      Question(
        sql: "SELECT file, session_id, vc, class, did_appear AS n FROM appearances WHERE did_appear > 1",
        join: """
          SELECT count(*) FROM (SELECT count(*) AS n FROM event_rows e JOIN event_names n ON n.id = e.ev_id
          WHERE n.name = 'viewDidAppear' GROUP BY e.vc_id HAVING n > 1)
          """),
      Question(
        sql:
          "SELECT file, session_id, line, t, ev, other, animated FROM events WHERE vc = '\(vc)' ORDER BY session_id, line",
        join: "SELECT count(*) FROM event_rows e JOIN controllers c ON c.id = e.vc_id WHERE c.address = '\(vc)'"),
      Question(
        sql:
          "SELECT file, line, t, ev, other, animated FROM events WHERE vc = '\(vc)' AND session_id = \(session) ORDER BY line",
        join: """
          SELECT count(*) FROM event_rows e JOIN controllers c ON c.id = e.vc_id
          WHERE c.address = '\(vc)' AND e.session_id = \(session)
          """),
      Question(
        sql: """
          SELECT s.app, s.build, e.style, count(*) FROM events e JOIN sessions s ON s.id = e.session_id
          WHERE e.ev = 'present' GROUP BY 1, 2, 3
          """,
        join: """
          SELECT count(*) FROM (SELECT DISTINCT s.app, s.build, e.style FROM event_rows e
          JOIN sessions s ON s.id = e.session_id JOIN event_names n ON n.id = e.ev_id WHERE n.name = 'present')
          """),
      Question(
        sql: "SELECT line, json_extract(record, '$.from') FROM events WHERE ev = 'popoverPresent'",
        join: "SELECT count(*) FROM event_rows e JOIN event_names n ON n.id = e.ev_id WHERE n.name = 'popoverPresent'"),
      Question(
        sql:
          "SELECT line, ev, vc, class FROM events WHERE session_id = \(session) AND line BETWEEN 10 AND 16 ORDER BY line",
        join: "SELECT count(*) FROM event_rows WHERE session_id = \(session) AND line BETWEEN 10 AND 16"),
      Question(
        sql: """
          SELECT s.app, s.build, a.rule, count(*) AS n FROM anomalies a JOIN sessions s ON s.id = a.session_id
          GROUP BY s.app, s.build, a.rule ORDER BY n DESC
          """,
        join:
          "SELECT count(*) FROM (SELECT DISTINCT s.app, s.build, a.rule FROM anomalies a JOIN sessions s ON s.id = a.session_id)"
      ),
      Question(
        sql: "SELECT t.path, e.line, e.severity, e.message FROM ingest_errors e JOIN traces t ON t.id = e.trace_id",
        join: "SELECT count(*) FROM ingest_errors"),
    ]
  }

  @Test("each README and schema question: no SCAN of event_rows, and the rows of the tables")
  func questions() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 8_000, sessions: 4, seed: 5, anomalyRate: 0.01))
    let vc =
      try store.rows("SELECT address FROM controllers GROUP BY 1 ORDER BY count(*) DESC").first?["address"]
      as String? ?? ""
    let session = try store.count("SELECT session_id FROM controllers WHERE address = '\(vc)' LIMIT 1")
    for question in Self.questions(vc: vc, session: session) {
      let plan = try store.rows("EXPLAIN QUERY PLAN \(question.sql)").map { $0["detail"] as String }
      // `e` is event_rows inside the views; the other questions name their own tables.
      let readsEvents = question.sql.contains("FROM events")
      #expect(
        plan.allSatisfy { !($0.hasPrefix("SCAN e") && readsEvents) && !$0.hasPrefix("SCAN event_rows") },
        "\(question): \(plan)")
      let rows = try store.rows(question.sql).count
      #expect(rows == (try store.count(question.join)), "\(question)")
    }
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = 'viewDidAppear'") > 0)
  }
}
