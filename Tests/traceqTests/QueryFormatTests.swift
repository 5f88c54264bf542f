import Testing

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

  @Test("rows print as RFC 4180 lines under a header")
  func rows() {
    var lines: [String] = []
    let printer = CSVPrinter(columns: ["vc", "n"], output: { lines.append($0) })
    printer.add([.text("0xb2"), .integer(2)])
    printer.add([.text("a,b"), .null])
    printer.finish()
    #expect(lines == ["vc,n", "0xb2,2", "\"a,b\","])
  }
}
