import Foundation
import TestSupport
import Testing

/// `traceq query` runs SQL a user (or a script fed by a pull request) wrote: it may read the
/// database and nothing else. Each attack from SQLite's advice on untrusted SQL
/// (https://www.sqlite.org/security.html) is refused with a message and status 1, and the
/// process neither crashes nor prints a pointer.
@Suite("Untrusted SQL")
struct UntrustedSQLTests {
  @Test(
    "an attack is refused with a message, exit status 1, and nothing printed",
    arguments: [
      // A pointer to SQLite's own tokenizer, printed as a blob.
      ("SELECT fts3_tokenizer('simple')", "the function fts3_tokenizer() is not allowed"),
      // A tokenizer at an address chosen in SQL, which the next FTS3 table would call.
      ("SELECT fts3_tokenizer('evil', x'4141414141414141')", "the function fts3_tokenizer() is not allowed"),
      ("CREATE VIRTUAL TABLE temp.t USING fts3(tokenize=simple)", "is not allowed"),
      ("CREATE TEMP TABLE t(a)", "is not allowed"),
      ("SELECT load_extension('/nonexistent/extension')", "the function load_extension() is not allowed"),
      ("ATTACH 'other.db' AS other", "attaching or detaching a database is not allowed"),
      ("PRAGMA writable_schema = 1", "PRAGMA writable_schema with a value is not allowed"),
      ("PRAGMA journal_mode = DELETE", "PRAGMA journal_mode with a value is not allowed"),
      ("DELETE FROM event_rows", "writing to event_rows is not allowed"),
    ])
  func refused(sql: String, expected: String) throws {
    let directory = try HostileDatabaseTests.database()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(["query", "--db", "d.db", sql])
    #expect(result.status == 1, "\(result.output)\(result.error)")
    #expect(result.error.contains("error: traceq query only reads the database: "), "\(result.error)")
    #expect(result.error.contains(expected), "\(result.error)")
    #expect(result.output.isEmpty, "\(result.output)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("other.db")))
    let count = try CommandRunner(directory: directory.path).run([
      "query", "--db", "d.db", "SELECT count(*) FROM events",
    ])
    #expect(count.output == "count(*)\n40\n")
  }

  @Test("a registered tokenizer cannot be reached: the SQL that crashed the process ends with a message")
  func tokenizerCrash() throws {
    let directory = try HostileDatabaseTests.database()
    defer { directory.remove() }
    let sql =
      "SELECT fts3_tokenizer('evil', x'\(String(repeating: "41", count: 8))'); "
      + "CREATE VIRTUAL TABLE temp.t USING fts3(tokenize=evil); INSERT INTO temp.t VALUES ('boom')"
    let result = try CommandRunner(directory: directory.path).run(["query", "--db", "d.db", sql])
    #expect(result.status == 1, "\(result.error)")
    #expect(result.error.contains("fts3_tokenizer() is not allowed"), "\(result.error)")
  }

  @Test(
    "reading stays possible: views, table-valued functions and reading pragmas",
    arguments: [
      ("SELECT count(*) FROM events", "count(*)\n40\n"),
      ("SELECT count(*) FROM json_each('[1,2,3]')", "count(*)\n3\n"),
      ("SELECT name FROM pragma_table_info('traces') WHERE name = 'path'", "name\npath\n"),
      (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) SELECT sum(x) FROM c",
        "sum(x)\n15\n"
      ),
    ])
  func reading(sql: String, expected: String) throws {
    let directory = try HostileDatabaseTests.database()
    defer { directory.remove() }
    let result = try CommandRunner(directory: directory.path).run(["query", "--db", "d.db", sql])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == expected)
  }
}
