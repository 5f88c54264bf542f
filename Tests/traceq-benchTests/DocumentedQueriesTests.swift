import Foundation
import Testing

@testable import traceq_bench

@Suite("traceq-bench times the queries the documentation shows")
struct DocumentedQueriesTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("every query the benchmark times is in its document, whitespace aside", arguments: DocumentedQueries.all)
  func queryIsDocumented(_ query: DocumentedQueries.DocumentedQuery) throws {
    let document = try String(contentsOf: Self.root.appendingPathComponent(query.document), encoding: .utf8)
    let documented = DocumentedQueries.normalized(document).contains(DocumentedQueries.normalized(query.sql))
    #expect(documented, "\(query.document) no longer has \(query.sql): update DocumentedQueries.all")
  }

  @Test("the README's queries and the schema's are all timed, one of each controller example")
  func coverage() {
    let documents = Dictionary(grouping: DocumentedQueries.all, by: \.document)
    #expect(documents["README.md"]?.count == 5)
    #expect(documents["docs/schema.md"]?.count == 10)
    let perController = DocumentedQueries.all.filter { $0.sql.contains(DocumentedQueries.documentedController) }
    #expect(perController.map(\.document) == ["README.md", "docs/schema.md"])
  }

  @Test("the documents' controller id is replaced with the one the database has, quoted")
  func controllerReplaced() throws {
    let query = try #require(DocumentedQueries.all.first { $0.sql.contains("'0xb2'") })
    let sql = DocumentedQueries.sql(query, controller: "0x7f01")
    #expect(sql.contains("vc = '0x7f01'"))
    #expect(!sql.contains("0xb2"))
  }

  @Test("white space runs become one space")
  func normalized() {
    #expect(DocumentedQueries.normalized("\n  SELECT a,\n\tb  FROM t\n") == "SELECT a, b FROM t")
  }
}
