import GRDB
import TestSupport
import Testing

@testable import TraceGenerator
@testable import traceq

/// Schema v8's appearance counts: each controller row holds how many of each appearance
/// callback its session recorded for it, equal to counting its events.
@Suite("The appearances view")
struct AppearancesViewTests {
  /// Controllers whose stored counts differ from their events' (nothing when they agree).
  static let disagreeing = """
    SELECT count(*) FROM controllers c LEFT JOIN (
      SELECT e.vc_id AS id, sum(n.name = 'viewWillAppear') AS wa, sum(n.name = 'viewDidAppear') AS da,
        sum(n.name = 'viewWillDisappear') AS wd, sum(n.name = 'viewDidDisappear') AS dd
      FROM event_rows e JOIN event_names n ON n.id = e.ev_id GROUP BY e.vc_id
    ) x ON x.id = c.id
    WHERE (coalesce(x.wa, 0), coalesce(x.da, 0), coalesce(x.wd, 0), coalesce(x.dd, 0))
      IS NOT (c.will_appear, c.did_appear, c.will_disappear, c.did_disappear)
    """

  @Test("a generated trace: every controller's four counts equal its events'")
  func generatedTrace() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try store.ingestGenerated(TraceGenerator.Settings(events: 8_000, sessions: 4, seed: 11, anomalyRate: 0.01))
    #expect(try store.count(Self.disagreeing) == 0)
    #expect(try store.count("SELECT count(*) FROM appearances WHERE did_appear > 1") > 0)
    #expect(
      try store.count("SELECT sum(did_appear) FROM appearances")
        == (try store.count("SELECT count(*) FROM events WHERE ev = 'viewDidAppear'")))
  }

  @Test("counted per session and per controller; other events, the other controller and unknown names do not count")
  func handWritten() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let trace = TraceText.lines([
      #"{"traceq":1,"idiom":"phone"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1","animated":false}"#,
      #"{"ev":"viewDidAppear","vc":"0xa1","animated":false}"#,
      #"{"ev":"push","nav":"0xa1","vc":"0xb2","animated":true}"#,
      #"{"ev":"viewWillDisappear","vc":"0xa1","animated":true}"#,
      #"{"ev":"viewWillAppear","vc":"0xb2","animated":true}"#,
      #"{"ev":"viewDidAppear","vc":"0xb2","animated":true}"#,
      #"{"ev":"viewDidDisappear","vc":"0xa1","animated":true}"#,
      #"{"ev":"viewDidAppearLater","vc":"0xb2"}"#,
      #"{"ev":"viewDidAppear","vc":"0xb2","class":"OtherController","animated":false}"#,
      #"{"traceq":1,"idiom":"pad"}"#,
      #"{"ev":"viewWillAppear","vc":"0xb2","animated":false}"#,
    ])
    let path = try store.write(trace, as: "hand.ndjson.gz")
    _ = try store.ingest([path])
    let rows = try store.rows(
      """
      SELECT session_id, vc, will_appear, did_appear, will_disappear, did_disappear
      FROM appearances ORDER BY session_id, vc
      """
    ).map { row -> String in
      let counts = [row["will_appear"], row["did_appear"], row["will_disappear"], row["did_disappear"]] as [Int]
      return "\(row["session_id"] as Int) \(row["vc"] as String) " + counts.map(String.init).joined(separator: " ")
    }
    #expect(rows == ["1 0xa1 1 1 1 1", "1 0xb2 1 2 0 0", "2 0xb2 1 0 0 0"])
    #expect(try store.count(Self.disagreeing) == 0)
  }
}
