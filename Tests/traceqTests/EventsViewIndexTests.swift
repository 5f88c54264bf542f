import GRDB
import TestSupport
import Testing

@testable import TraceGenerator
@testable import traceq

/// The filters docs/schema.md says "use an index", on a database built from a generated trace:
/// the plan reads `event_rows` only by rowid range (never a SCAN), and the view returns exactly
/// the rows of the equivalent join on the tables (so the index path loses nothing).
@Suite("The events view's documented filters use an index")
struct EventsViewIndexTests {
  /// A generated trace, ingested; the generator gives many controllers of one class per session.
  private static func generatedStore() throws -> StoreFixture {
    let store = try StoreFixture()
    let result = try store.ingestGenerated(TraceGenerator.Settings(events: 6_000, sessions: 6, seed: 11))
    #expect(result.status == .clean, "\(result.errors)")
    return store
  }

  /// One documented filter: the view's WHERE clause, and the same rows by a join on the tables.
  private struct Filter: CustomStringConvertible {
    let view: String
    let join: String
    var description: String { view }
  }

  private static func filters(_ store: StoreFixture) throws -> [Filter] {
    let name =
      try store.rows(
        "SELECT n.name FROM session_events se JOIN event_names n ON n.id = se.ev_id GROUP BY 1 ORDER BY sum(events) DESC"
      ).first?["name"] as String? ?? ""
    let address =
      try store.rows("SELECT address FROM controllers GROUP BY 1 ORDER BY count(*) DESC").first?["address"]
      as String? ?? ""
    // The class with the most controllers in one session: the case that used to read that
    // session once per controller.
    let className =
      try store.rows(
        "SELECT class FROM controllers WHERE class IS NOT NULL GROUP BY class, session_id ORDER BY count(*) DESC"
      ).first?["class"] as String? ?? ""
    let line = try store.count("SELECT first_line + 5 FROM sessions WHERE id = 2")
    let joined = "FROM event_rows e LEFT JOIN controllers c ON c.id = e.vc_id"
    return [
      Filter(
        view: "ev = '\(name)'",
        join: "\(joined) JOIN event_names n ON n.id = e.ev_id WHERE n.name = '\(name)'"),
      Filter(view: "vc = '\(address)'", join: "\(joined) WHERE c.address = '\(address)'"),
      Filter(view: "class = '\(className)'", join: "\(joined) WHERE c.class = '\(className)'"),
      Filter(view: "session_id = 2 AND line = \(line)", join: "\(joined) WHERE e.session_id = 2 AND e.line = \(line)"),
    ]
  }

  @Test("each documented filter: no SCAN in the plan, and the same rows as the join on the tables")
  func documentedFilters() throws {
    let store = try Self.generatedStore()
    defer { store.directory.remove() }
    let filters = try Self.filters(store)
    #expect(filters.allSatisfy { !$0.view.contains("''") }, "the generated database lacks a value: \(filters)")
    for filter in filters {
      let plan = try store.rows("EXPLAIN QUERY PLAN SELECT * FROM events WHERE \(filter.view)").map {
        $0["detail"] as String
      }
      #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") }, "\(filter): \(plan)")
      let viewed = try store.count("SELECT count(*) FROM events WHERE \(filter.view)")
      #expect(viewed > 0, "\(filter)")
      #expect(viewed == (try store.count("SELECT count(*) \(filter.join)")), "\(filter)")
    }
  }

  @Test("a class filter reaches its sessions through session_classes, each session once")
  func classThroughSessionClasses() throws {
    let store = try Self.generatedStore()
    defer { store.directory.remove() }
    let plan = try store.rows("EXPLAIN QUERY PLAN SELECT * FROM events WHERE class = 'X'").map {
      $0["detail"] as String
    }
    #expect(plan.first?.hasPrefix("SEARCH sc USING PRIMARY KEY (class=?)") == true, "\(plan)")
    let distinct = try store.count(
      "SELECT count(*) FROM (SELECT DISTINCT class, session_id FROM controllers WHERE class IS NOT NULL)")
    #expect(distinct > 0)
    #expect(try store.count("SELECT count(*) FROM session_classes") == distinct)
  }

  @Test("session_classes follows controllers when a trace is replaced")
  func sessionClassesFollowReplacement() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let path = try store.write(homepwner, as: "hp.ndjson.gz")
    _ = try store.ingest([path])
    let before = try store.count("SELECT count(*) FROM session_classes")
    #expect(before == (try store.count("SELECT count(DISTINCT class) FROM controllers")))
    #expect(try store.ingest([path], force: true).status == .clean)
    #expect(try store.count("SELECT count(*) FROM session_classes") == before)
    #expect(
      try store.count("SELECT count(*) FROM session_classes WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
  }
}
