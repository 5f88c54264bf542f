import TestSupport
import Testing

@testable import TraceModel

@Suite("Hostile records")
struct HostileRecordTests {
  @Test(
    "a format version out of every integer's range is refused, not trapped on",
    arguments: ["1e400", "-1e400", "9223372036854775808", "-1e19", "18446744073709551616.5", "1e308"])
  func hugeVersion(version: String) throws {
    let decoded = try items(
      TraceText.lines([#"{"traceq":\#(version),"idiom":"phone"}"#, #"{"ev":"attemptRotation"}"#]))
    let issue = try #require(decoded.compactMap(\.issue).first)
    #expect(issue.kind == .unsupportedVersion)
    #expect(issue.message.contains("format version \(version) is not supported"))
    #expect(decoded.compactMap(\.header).map(\.version) == [0])
    #expect(decoded.compactMap(\.event).isEmpty)
  }

  @Test("numbers past every range in event fields are errors or values, never traps")
  func hugeNumbers() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(),
        #"{"t":1e400,"ev":"viewWillTransitionToSize","vc":"A","width":-1e400,"height":9223372036854775808}"#,
        #"{"t":-1e400,"ev":"supportedInterfaceOrientations","vc":"A","mask":9223372036854775808}"#,
        #"{"t":1e300,"ev":"windowMask","mask":-1e400}"#,
      ]))
    #expect(decoded.compactMap(\.event).map(\.line) == [2])
    #expect(decoded.compactMap(\.issue).map(\.kind) == [.invalidValue, .invalidValue])
  }

  @Test("a key written twice: the first value counts, as json_extract reads it, with a warning per session")
  func duplicateKeys() throws {
    let decoded = try items(
      TraceText.lines([
        #"{"traceq":1,"idiom":"pad","idiom":"phone"}"#,
        #"{"ev":"viewWillAppear","vc":"A","vc":"B"}"#,
        #"{"ev":"viewWillAppear","vc":"C","vc":"D"}"#,
        #"{"ev":"viewWillAppear","vc":"E","mine":1,"mine":2}"#,
      ]))
    #expect(decoded.compactMap(\.header).first?.idiom == .pad)
    let issues = decoded.compactMap(\.issue)
    #expect(issues.map(\.kind) == [.duplicateKey])
    #expect(issues.first?.line == 1)
    #expect(issues.first?.message.hasPrefix(#""idiom" appears more than once"#) == true)
    guard case .session(_, _, let symbols) = decoded[0] else {
      Issue.record("no session")
      return
    }
    let names = decoded.compactMap(\.event).compactMap { event -> String? in
      guard case .appearance(let vc, _, _) = event.payload else { return nil }
      return symbols.address(of: vc)
    }
    #expect(names == ["A", "C", "E"])
  }
}
