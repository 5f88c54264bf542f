import Foundation
import TestSupport
import Testing

@testable import TraceStore
@testable import traceq

@Suite("Event names in the store")
struct EventNameIngestTests {
  @Test("unknown event names are stored from their own id range and read back by name")
  func unknownNamesHaveTheirOwnRange() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let trace = try store.write(
      TraceText.lines([
        TraceText.header(), #"{"ev":"appSpecific","vc":"0xa1"}"#, #"{"ev":"viewWillAppear","vc":"0xa1"}"#,
        #"{"ev":"another"}"#, #"{"ev":"appSpecific","vc":"0xa1"}"#,
      ]), as: "t.ndjson.gz")
    #expect(try store.ingest([trace]).status == .clean)
    #expect(
      try store.count(
        "SELECT count(*) FROM event_names WHERE name IN ('appSpecific', 'another') AND id >= \(EventNameIDs.unknownBase)"
      )
        == 2)
    #expect(try store.count("SELECT count(*) FROM event_names WHERE id >= \(EventNameIDs.unknownBase)") == 2)
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = 'appSpecific'") == 2)
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = 'viewWillAppear'") == 1)
    // A second file with the same names reuses their rows.
    let second = try store.write(
      TraceText.lines([TraceText.header(), #"{"ev":"another"}"#, #"{"ev":"dealloc","vc":"0xa1"}"#]),
      as: "u.ndjson.gz")
    #expect(try store.ingest([second]).status == .clean)
    #expect(try store.count("SELECT count(*) FROM event_names WHERE id >= \(EventNameIDs.unknownBase)") == 2)
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = 'another'") == 2)
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = 'dealloc'") == 1)
  }
}
