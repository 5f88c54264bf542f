import Foundation
import PostgresNIO
import TraceStorePostgres

/// The PostgreSQL server the tests may use: `$TRACEQ_TEST_POSTGRES`, a URL to a database the
/// tests can create databases from (`.ci/run` starts a throwaway cluster and sets it). Without
/// it, the tests that need a server are skipped; with `$TRACEQ_REQUIRE_POSTGRES` set (as CI
/// sets it), skipping them fails.
enum TestPostgres {
  static let url = ProcessInfo.processInfo.environment["TRACEQ_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
  static let isRequired = ProcessInfo.processInfo.environment["TRACEQ_REQUIRE_POSTGRES"].map { !$0.isEmpty } ?? false
  static let skipped = "no PostgreSQL server: set TRACEQ_TEST_POSTGRES=postgres://… (.ci/run starts one)"

  /// A new, empty database on the server; returns its URL.
  static func newDatabase() throws -> String {
    guard url != nil else { throw Unavailable() }
    let name = "traceq_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    try admin { try $0.execute("CREATE DATABASE \(name)") }
    return database(named: name)
  }

  /// Drops the database of `location`, a URL ``newDatabase()`` gave.
  static func drop(_ location: String) {
    guard let name = location.split(separator: "/").last.map(String.init), name.hasPrefix("traceq_test_") else {
      return
    }
    try? admin { try $0.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
  }

  /// Runs `sql` on the database of `location`.
  static func execute(_ sql: String, on location: String) throws {
    let link = try PostgresLink.open(try PostgresLocation(url: location))
    defer { link.close() }
    try link.script(sql)
  }

  private static func admin(_ body: (PostgresLink) throws -> Void) throws {
    guard let url else { throw Unavailable() }
    let link = try PostgresLink.open(try PostgresLocation(url: url))
    defer { link.close() }
    try body(link)
  }

  private static func database(named name: String) -> String {
    guard let url else { return "" }
    var base = Substring(url)
    var query: Substring = ""
    if let mark = base.firstIndex(of: "?") {
      query = base[mark...]
      base = base[..<mark]
    }
    let authority = base.range(of: "://").map { base[$0.upperBound...] } ?? base
    if let slash = authority.firstIndex(of: "/") { base = base[..<slash] }
    return "\(base)/\(name)\(query)"
  }

  struct Unavailable: Error, CustomStringConvertible {
    var description: String { TestPostgres.skipped }
  }
}
