import TestSupport
import Testing

@testable import TraceModel

@Suite("The dropped record")
struct DroppedRecordTests {
  @Test("a dropped record is an event and a warning at its line; replay goes on after it")
  func warns() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(), #"{"ev":"viewWillAppear","vc":"0x1"}"#, #"{"t":1.5,"ev":"dropped","count":1200}"#,
        #"{"ev":"viewDidAppear","vc":"0x1"}"#,
      ]))
    #expect(decoded.compactMap(\.event).map(\.name) == [.viewWillAppear, .dropped, .viewDidAppear])
    let issues = decoded.compactMap(\.issue)
    #expect(issues.map(\.kind) == [.eventsDropped])
    #expect(issues.first?.line == 3)
    #expect(issues.first?.severity == .warning)
    #expect(issues.first?.message.contains("dropped 1200 events") == true)
  }

  @Test("a count that is not a whole number of events is an invalid value", arguments: ["-1", "2.5", "\"3\""])
  func badCount(_ count: String) throws {
    let decoded = try items(TraceText.lines([TraceText.header(), #"{"ev":"dropped","count":"# + count + "}"]))
    let kinds = decoded.compactMap(\.issue).map(\.kind)
    #expect(kinds == [count.hasPrefix("\"") ? .wrongType : .invalidValue])
  }

  @Test("a dropped record needs its count")
  func missingCount() throws {
    let decoded = try items(TraceText.lines([TraceText.header(), #"{"ev":"dropped"}"#]))
    #expect(decoded.compactMap(\.issue).map(\.kind) == [.missingKey])
  }
}
