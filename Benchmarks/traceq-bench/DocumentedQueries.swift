import Foundation

/// The queries the documentation offers (README.md's "Store traces and ask questions" and
/// docs/schema.md's examples), which ``QueryTimes`` times.
///
/// A test checks that every query here is still in its document (whitespace aside): when the
/// documentation changes a query, change it here.
enum DocumentedQueries {
  /// A query as a document gives it.
  struct DocumentedQuery {
    /// The file it is in, from the package root.
    let document: String
    /// What it asks, for the table.
    let label: String
    let sql: String
  }

  /// The controller id the documents use: replaced with one the database has (see
  /// ``controllerQuery``).
  static let documentedController = "'0xb2'"

  /// Every query timed, README.md's first. A statement broken over lines in a document is
  /// one line here: white space does not count.
  static let all =
    queries(
      in: "README.md",
      [
        ("events per name", "SELECT ev, sum(events) AS n FROM event_counts GROUP BY ev ORDER BY n DESC"),
        (
          "viewDidAppear twice",
          "SELECT file, session_id, vc, class, did_appear AS n FROM appearances WHERE did_appear > 1"
        ),
        (
          "one controller's history",
          "SELECT file, session_id, line, t, ev, other, animated FROM events WHERE vc = '0xb2' "
            + "ORDER BY session_id, line"
        ),
        (
          "rules per app version",
          "SELECT s.app, s.build, a.rule, count(*) AS n FROM anomalies a JOIN sessions s ON s.id = a.session_id "
            + "GROUP BY s.app, s.build, a.rule ORDER BY n DESC"
        ),
        (
          "lines not read",
          "SELECT t.path, e.line, e.severity, e.message FROM ingest_errors e JOIN traces t ON t.id = e.trace_id"
        ),
      ])
    + queries(
      in: "docs/schema.md",
      [
        (
          "viewDidAppear twice",
          "SELECT session_id, vc, class, did_appear FROM appearances WHERE did_appear > 1"
        ),
        (
          "viewDidAppear twice, from the events",
          "SELECT session_id, vc, class, count(*) AS n FROM events WHERE ev = 'viewDidAppear' "
            + "GROUP BY session_id, vc, class HAVING count(*) > 1"
        ),
        (
          "one controller in session 1",
          "SELECT file, line, t, ev, other, animated FROM events WHERE vc = '0xb2' AND session_id = 1 ORDER BY line"
        ),
        (
          "presentations by style per app version",
          "SELECT s.app, s.build, e.style, count(*) FROM events e JOIN sessions s ON s.id = e.session_id "
            + "WHERE e.ev = 'present' GROUP BY 1, 2, 3"
        ),
        ("a key of the record", "SELECT line, json_extract(record, '$.from') FROM events WHERE ev = 'popoverPresent'"),
        (
          "events per name on event_rows",
          "SELECT n.name, count(*) FROM event_rows e JOIN event_names n ON n.id = e.ev_id GROUP BY 1"
        ),
        (
          "lines not read, per file",
          "SELECT t.path, e.line, e.severity, e.message FROM ingest_errors e JOIN traces t ON t.id = e.trace_id "
            + "ORDER BY t.path, e.line"
        ),
        (
          "errors with file:line",
          "SELECT t.path || ':' || a.line AS location, a.message FROM anomalies a "
            + "JOIN traces t ON t.id = a.trace_id WHERE a.severity = 'error'"
        ),
        (
          "the events before a finding",
          "SELECT line, ev, vc, class FROM events WHERE session_id = 1 AND line BETWEEN 10 AND 16 ORDER BY line"
        ),
        (
          "classes with unbalanced appearance",
          "SELECT class, count(*) FROM anomalies WHERE rule = 'unbalanced-appearance' GROUP BY class ORDER BY 2 DESC"
        ),
      ])

  private static func queries(in document: String, _ queries: [(label: String, sql: String)]) -> [DocumentedQuery] {
    queries.map { DocumentedQuery(document: document, label: $0.label, sql: $0.sql) }
  }

  /// The controller the benchmark asks about: the one with the most events in session 1 (the
  /// schema's example asks about session 1; a generated trace gives each session controllers of
  /// its own), the address first when two tie.
  static let controllerQuery = """
    SELECT vc FROM events WHERE session_id = 1 AND vc IS NOT NULL GROUP BY vc ORDER BY count(*) DESC, vc LIMIT 1
    """

  /// `query`'s SQL with the documents' controller id replaced by `controller` (quoted).
  static func sql(_ query: DocumentedQuery, controller: String) -> String {
    query.sql.replacingOccurrences(of: documentedController, with: "'\(controller)'")
  }

  /// `text` with each run of white space made one space, for comparing SQL across line breaks
  /// and indentation.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
  }
}
