import GRDB
import TestSupport
import Testing

@testable import traceq

/// Runs `sql` on the database at `database` as `traceq query` does: the exit status, the
/// output split into lines (a printer may hand several lines over at once; each call ends with
/// a newline), and the error lines.
func runQuery(_ sql: String, _ format: QueryFormat, database: String) throws -> (
  status: traceq.ExitStatus, lines: [String], errors: [String]
) {
  var lines: [String] = []
  var errors: [String] = []
  var run = QueryRun(databasePath: database, sql: sql, format: format)
  run.output = {
    lines.append(contentsOf: $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }
  run.errorOutput = { errors.append($0) }
  return (try run.execute(), lines, errors)
}

@Suite("Querying the database")
struct QueryTests {
  private func query(_ sql: String, _ format: QueryFormat, database: String) throws -> (
    traceq.ExitStatus, [String], [String]
  ) {
    try runQuery(sql, format, database: database)
  }

  private func stored() throws -> StoreFixture {
    let store = try StoreFixture()
    _ = try store.ingest([try store.write(homepwner, as: "hp.ndjson.gz")])
    return store
  }

  @Test("each output format")
  func formats() throws {
    let store = try stored()
    defer { store.directory.remove() }
    let sql = "SELECT line, ev, vc, t, mask FROM events WHERE line IN (2, 10) ORDER BY line"
    #expect(
      try query(sql, .table, database: store.database).1 == [
        "line  ev                              vc    t    mask",
        "----  ------------------------------  ----  ---  ----",
        "   2  setRoot                         0xa1  0.0  NULL",
        "  10  supportedInterfaceOrientations  0xa1  5.2    18",
      ])
    #expect(
      try query(sql, .csv, database: store.database).1 == [
        "line,ev,vc,t,mask", "2,setRoot,0xa1,0.0,", "10,supportedInterfaceOrientations,0xa1,5.2,18",
      ])
    #expect(
      try query(sql, .json, database: store.database).1 == [
        "[",
        #"  {"line":2,"ev":"setRoot","vc":"0xa1","t":0.0,"mask":null},"#,
        #"  {"line":10,"ev":"supportedInterfaceOrientations","vc":"0xa1","t":5.2,"mask":18}"#,
        "]",
      ])
    #expect(
      try query(sql, .ndjson, database: store.database).1 == [
        #"{"line":2,"ev":"setRoot","vc":"0xa1","t":0.0,"mask":null}"#,
        #"{"line":10,"ev":"supportedInterfaceOrientations","vc":"0xa1","t":5.2,"mask":18}"#,
      ])
  }

  @Test("CSV quotes what needs quoting; JSON escapes")
  func escaping() throws {
    let store = try stored()
    defer { store.directory.remove() }
    let sql = #"SELECT 'a,b' AS x, 'say "hi"' AS y, 'line' || char(10) || 'two' AS z"#
    #expect(
      try query(sql, .csv, database: store.database).1.joined(separator: "\n")
        == "x,y,z\n" + #""a,b","say ""hi""","line"# + "\n" + #"two""#)
    #expect(try query(sql, .ndjson, database: store.database).1 == [#"{"x":"a,b","y":"say \"hi\"","z":"line\ntwo"}"#])
  }

  @Test("the connection only reads, and SQLite's message is shown")
  func readOnly() throws {
    let store = try stored()
    defer { store.directory.remove() }
    let (status, _, errors) = try query("DELETE FROM event_rows", .csv, database: store.database)
    #expect(status == .findings)
    #expect(errors == ["error: traceq query only reads the database: writing to event_rows is not allowed"])
    #expect(try store.count("SELECT count(*) FROM event_rows") == 9)
    let bad = try query("SELEC 1", .csv, database: store.database)
    #expect(bad.0 == .findings && bad.2 == [#"error: near "SELEC": syntax error"#])
  }

  @Test("a missing database is a usage error")
  func missing() throws {
    let (status, _, errors) = try query("SELECT 1", .csv, database: "/nonexistent/traces.db")
    #expect(status == .unusable)
    #expect(errors.first?.hasPrefix("error: no database at /nonexistent/traces.db") == true)
  }

  @Test("several statements print one result each")
  func statements() throws {
    let store = try stored()
    defer { store.directory.remove() }
    #expect(try query("SELECT 1 AS a; SELECT 2 AS b", .csv, database: store.database).1 == ["a", "1", "b", "2"])
  }

  @Test(
    "common queries on the events view use an index",
    arguments: [
      "SELECT * FROM events WHERE ev = 'viewDidAppear'",
      "SELECT * FROM events WHERE vc = '0xa1'",
      "SELECT * FROM events WHERE session_id = 1 AND line = 4",
      "SELECT * FROM events WHERE class = 'BNRItemsViewController'",
    ])
  func indexed(_ sql: String) throws {
    let store = try stored()
    defer { store.directory.remove() }
    let plan = try store.rows("EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
    let scans = plan.filter { $0.hasPrefix("SCAN") }
    #expect(scans.isEmpty, "\(plan)")
  }
}
