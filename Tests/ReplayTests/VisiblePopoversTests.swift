import Replay
import Testing

/// Which visible popover a second presentation is reported against when several are visible:
/// the one shown first, which is the one whose release crashes first.
@Suite("Several visible popovers")
struct VisiblePopoversTests {
  private static let header = #"{"traceq":1,"idiom":"pad","os":"7.0"}"#

  private func messages(_ lines: [String]) throws -> [String] {
    try findings(in: ([Self.header] + lines).joined(separator: "\n"), rules: RuleSet())
      .filter { $0.ruleID == "double-presented-popover" }
      .map { "\($0.line) \($0.message)" }
  }

  @Test("each further popover is reported against the oldest still visible, also after it is dismissed")
  func oldestVisibleNamed() throws {
    let found = try messages([
      #"{"ev":"setRoot","vc":"0xr"}"#,
      #"{"ev":"popoverCreate","popover":"0xp1","vc":"0xc1"}"#,
      #"{"ev":"popoverPresent","popover":"0xp1","from":"rect"}"#,
      #"{"ev":"popoverCreate","popover":"0xp2","vc":"0xc2"}"#,
      #"{"ev":"popoverPresent","popover":"0xp2","from":"rect"}"#,
      #"{"ev":"popoverCreate","popover":"0xp3","vc":"0xc3"}"#,
      #"{"ev":"popoverPresent","popover":"0xp3","from":"rect"}"#,
      #"{"ev":"popoverDismiss","popover":"0xp1"}"#,
      #"{"ev":"popoverCreate","popover":"0xp4","vc":"0xc4"}"#,
      #"{"ev":"popoverPresent","popover":"0xp4","from":"rect"}"#,
    ])
    #expect(found.count == 3)
    #expect(found.count == 3 && found[0].hasPrefix("6 ") && found[0].contains("while popover 0xp1"))
    #expect(found.count == 3 && found[1].hasPrefix("8 ") && found[1].contains("while popover 0xp1"))
    #expect(found.count == 3 && found[2].hasPrefix("11 ") && found[2].contains("while popover 0xp2"))
  }

  @Test("one popover presented after the others were dismissed is no finding")
  func noneVisible() throws {
    let found = try messages([
      #"{"ev":"setRoot","vc":"0xr"}"#,
      #"{"ev":"popoverCreate","popover":"0xp1","vc":"0xc1"}"#,
      #"{"ev":"popoverPresent","popover":"0xp1","from":"rect"}"#,
      #"{"ev":"popoverDismiss","popover":"0xp1"}"#,
      #"{"ev":"popoverCreate","popover":"0xp2","vc":"0xc2"}"#,
      #"{"ev":"popoverPresent","popover":"0xp2","from":"rect"}"#,
    ])
    #expect(found.isEmpty)
  }
}
