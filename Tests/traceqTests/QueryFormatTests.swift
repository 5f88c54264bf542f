import TestSupport
import Testing

@testable import TraceStore
@testable import traceq

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

  @Test("rows print as RFC 4180 lines under a header, each storage class as the table printer spells it")
  func rows() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = directory.file("empty.db")
    try TraceStore.openForWriting(path: database).close()
    var lines: [String] = []
    var run = QueryRun(
      databasePath: database,
      sql: """
        SELECT '0xb2' AS vc, 2 AS n UNION ALL SELECT 'a,b', NULL UNION ALL SELECT 'naïve', -9223372036854775808
        UNION ALL SELECT 'say "hi"', 1.5 UNION ALL SELECT '', 2.0 UNION ALL SELECT x'00ff', 1e300
        """,
      format: .csv)
    run.output = { lines.append($0) }
    #expect(try run.execute() == .clean)
    #expect(
      lines == [
        "vc,n", "0xb2,2", "\"a,b\",", "naïve,-9223372036854775808", "\"say \"\"hi\"\"\",1.5", ",2.0", "x'00ff',1e+300",
      ])
  }
}
