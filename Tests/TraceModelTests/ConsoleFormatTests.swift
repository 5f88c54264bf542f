import Testing

@testable import TraceImporters
@testable import TraceModel

private func origin(_ line: String) -> ConsoleOrigin {
  var line = line
  return line.withUTF8 { ConsoleOrigin(UnsafeRawBufferPointer($0)) }
}

@Suite("Console formats: what a file is, where a line came from")
struct ConsoleFormatTests {
  @Test("a line's prefix gives its time stamp, process and pid, through quote markers and CI prefixes")
  func origins() {
    let xcode = origin("2014-05-12 10:11:12.345 Homepwner[1234:a0b] Unbalanced calls")
    #expect(xcode.timestamp == "2014-05-12 10:11:12.345" && xcode.process == "Homepwner" && xcode.pid == 1234)
    let spaces = origin("> 2023-11-23T10:11:12.345678+01:00 My Great App[77:88] [Presentation] Attempt")
    #expect(spaces.timestamp == "2023-11-23T10:11:12.345678+01:00" && spaces.process == "My Great App")
    let fastlane = origin("[12:34:56]: ▸ 2020-01-02 03:04:05.678 Runner[9:10] Warning: Attempt")
    #expect(fastlane.timestamp == "2020-01-02 03:04:05.678" && fastlane.process == "Runner" && fastlane.pid == 9)
    let xharness = origin("[07:42:03.1234560] 2021-03-04 07:42:02.999 monotouchtest[4321:987] Attempt")
    #expect(xharness.process == "monotouchtest" && xharness.pid == 4321)
    let logShow = origin(
      "2023-11-23 10:11:12.345678+0100 0x1a2b     Default     0x0                  1234   0    My App: (UIKitCore) [com.apple.UIKit:Presentation] Attempt"
    )
    #expect(logShow.process == "My App" && logShow.pid == 1234)
    let compact = origin("2023-11-23 10:11:12.345 Df My App[1234:5678] [com.apple.UIKit:Presentation] Attempt")
    #expect(compact.process == "My App" && compact.pid == 1234)
    let syslog = origin("Nov  3 10:11:12 iPhone MyApp(UIKitCore)[123] <Notice>: Attempt")
    #expect(syslog.timestamp == "Nov  3 10:11:12" && syslog.process == "MyApp" && syslog.pid == 123)
    let bare = origin("AppNameiOS[1212:254550] Warning: Attempt to present")
    #expect(bare.timestamp == nil && bare.process == "AppNameiOS" && bare.pid == 1212)
    #expect(origin("Warning: Attempt to present <A: 0x1> on <B: 0x2>") == ConsoleOrigin())
    #expect(origin("[Presentation] Attempt to present <A: 0x1>") == ConsoleOrigin())
  }

  @Test("the anchor search finds what a plain search in either case finds, at the same offset")
  func anchorSearch() {
    let anchors = ["Unbalanced", "Attempt", "nested", "rientation", "UIPopoverController"]
    let filter = ConsoleFilter(anchors: anchors, classify: { _ in .recognised })
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("abcdeAUnbalancedttemptnestriO \t<>:0x".utf8)
    for _ in 0..<2000 {
      var bytes = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
      }
      if Bool.random(using: &generator) {
        let anchor = Array(anchors.randomElement(using: &generator)!.utf8)
        bytes.insert(contentsOf: anchor, at: Int.random(in: 0...bytes.count, using: &generator))
      }
      let folded = bytes.map(ConsoleFilter.fold)
      let expected = anchors.compactMap { anchor -> Int? in
        let needle = anchor.utf8.map(ConsoleFilter.fold)
        guard folded.count >= needle.count else { return nil }
        return (0...(folded.count - needle.count)).first { Array(folded[$0..<($0 + needle.count)]) == needle }
      }.min()
      let found = bytes.withUnsafeBytes { filter.firstAnchor(in: $0) }
      #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self))")
    }
  }
}
