import TestSupport
import Testing
import TraceSupport

@testable import TraceStore
@testable import traceq

/// An empty traceq database to run `traceq query` on, its output as lines.
private struct EmptyDatabase {
  let directory: TemporaryDirectory
  var path: String { directory.file("empty.db") }

  init() throws {
    directory = try TemporaryDirectory()
    try SQLiteConnections.openForWriting(path: directory.file("empty.db")).close()
  }

  /// Runs `sql` (see ``runQuery(_:_:database:)``).
  func query(_ sql: String, _ format: QueryFormat = .csv) throws -> (
    status: traceq.ExitStatus, lines: [String], errors: [String]
  ) {
    try runQuery(sql, format, database: path)
  }
}

@Suite("traceq query's CSV")
struct QueryFormatTests {
  @Test(
    "a field is quoted only when it holds a comma, a quote or a line break; quotes are doubled",
    arguments: [
      ("plain", "plain"),
      ("0x7f9c", "0x7f9c"),
      ("a,b", "\"a,b\""),
      ("say \"hi\"", "\"say \"\"hi\"\"\""),
      ("two\nlines", "\"two\nlines\""),
      ("cr\rhere", "\"cr\rhere\""),
      ("Café,Über", "\"Café,Über\""),
      ("naïve", "naïve"),
      ("", ""),
    ])
  func quoting(field: String, expected: String) {
    #expect(CSVPrinter.field(field) == expected)
  }

  @Test("a large result prints every row once, in order, and the rows read before an error are printed")
  func largeResultAndError() throws {
    let database = try EmptyDatabase()
    defer { database.directory.remove() }
    let count = 20_000
    let all = try database.query(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) SELECT i, 'row ' || i FROM n")
    #expect(all.status == .clean)
    #expect(all.lines == ["i,'row ' || i"] + (1...count).map { "\($0),row \($0)" })
    #expect(
      try database.query("SELECT 0 AS a, -1 AS b, 10 AS c, 9223372036854775807 AS d").lines == [
        "a,b,c,d", "0,-1,10,9223372036854775807",
      ])
    // The last row builds a value over the 32 MiB limit: the statement stops there.
    let stopped = try database.query(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) "
        + "SELECT i, CASE WHEN i < 3 THEN 'small' ELSE length(zeroblob(40000000) || 'x') END FROM n")
    #expect(stopped.status == .findings)
    #expect(
      stopped.lines.prefix(3) == [
        "i,CASE WHEN i < 3 THEN 'small' ELSE length(zeroblob(40000000) || 'x') END", "1,small", "2,small",
      ])
    #expect(stopped.errors.contains { $0.contains("over traceq query's limit") }, "\(stopped.errors)")
  }

  @Test("JSON strings written from bytes equal those quoted from Strings: every ASCII byte, UTF-8, bad UTF-8")
  func jsonQuotingFromBytes() {
    var texts: [[UInt8]] = (0..<0x80).map { [UInt8($0)] }
    texts += [Array("say \"hi\" \\ naïve 日本 🙂\u{1}\n".utf8), [0x61, 0xFF, 0x62], [0xE6, 0x97], [0xC0, 0x80], []]
    for text in texts {
      var bytes: [UInt8] = []
      text.withUnsafeBytes { JSONString.appendQuoted($0, to: &bytes) }
      #expect(
        String(decoding: bytes, as: UTF8.self) == JSONString.quote(String(decoding: text, as: UTF8.self)), "\(text)")
    }
  }

  @Test("JSON and NDJSON print every row of a large result, and the complete objects before an error")
  func largeJSONResult() throws {
    let database = try EmptyDatabase()
    defer { database.directory.remove() }
    func run(_ sql: String, _ format: QueryFormat) throws -> [String] { try database.query(sql, format).lines }
    let count = 5_000
    let sql =
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) "
      + "SELECT i, 'row ' || i AS name, i / 2.0 AS half, NULL AS missing FROM n"
    let objects = (1...count).map { #"{"i":\#($0),"name":"row \#($0)","half":\#(Double($0) / 2),"missing":null}"# }
    #expect(try run(sql, .ndjson) == objects)
    #expect(try run(sql, .json) == ["["] + objects.dropLast().map { "  \($0)," } + ["  \(objects.last!)", "]"])
    // Stopped at its third row: the first is printed, the second waits for its comma and is not.
    let stopped =
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) "
      + "SELECT CASE WHEN i < 3 THEN i ELSE length(zeroblob(40000000) || 'x') END AS i FROM n"
    #expect(try run(stopped, .json) == ["[", #"  {"i":1},"#])
    #expect(try run(stopped, .ndjson) == [#"{"i":1}"#, #"{"i":2}"#])
  }

  @Test("rows print as RFC 4180 lines under a header, each storage class as the table printer spells it")
  func rows() throws {
    let database = try EmptyDatabase()
    defer { database.directory.remove() }
    let result = try database.query(
      """
      SELECT '0xb2' AS vc, 2 AS n UNION ALL SELECT 'a,b', NULL UNION ALL SELECT 'naïve', -9223372036854775808
      UNION ALL SELECT 'say "hi"', 1.5 UNION ALL SELECT '', 2.0 UNION ALL SELECT x'00ff', 1e300
      """)
    #expect(result.status == .clean)
    #expect(
      result.lines == [
        "vc,n", "0xb2,2", "\"a,b\",", "naïve,-9223372036854775808", "\"say \"\"hi\"\"\",1.5", ",2.0", "x'00ff',1e+300",
      ])
  }

}
