import Testing

@testable import TraceModel
@testable import TraceReading

@Suite("Recent strings")
struct RecentStringsTests {
  private func string(_ cache: inout RecentStrings, _ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { cache.string($0) }
  }

  @Test("a name comes back equal to its bytes, whether cached or not")
  func repeatedNames() {
    var cache = RecentStrings()
    let names = (0..<300).map { "ViewController\($0 % 150)" } + ["", "A", "UINavigationController"]
    for name in names + names.reversed() {
      #expect(string(&cache, Array(name.utf8)) == name)
    }
  }

  @Test("long names that differ only in the middle are told apart")
  func sameEnds() {
    var cache = RecentStrings()
    for round in 0..<3 {
      for letter in UInt8(ascii: "a")...UInt8(ascii: "z") {
        let bytes = Array("Prefix--".utf8) + [letter] + Array("--Suffix".utf8)
        #expect(string(&cache, bytes) == String(decoding: bytes, as: UTF8.self), "round \(round)")
      }
    }
  }

  @Test("invalid UTF-8 is repaired each time, never matched against its repair")
  func invalidUTF8() {
    var cache = RecentStrings()
    let invalid: [UInt8] = Array("Bad".utf8) + [0xFF] + Array("NameLongerThanSixteen".utf8)
    let repaired = String(decoding: invalid, as: UTF8.self)
    #expect(string(&cache, invalid) == repaired)
    #expect(string(&cache, invalid) == repaired)
    #expect(string(&cache, Array(repaired.utf8)) == repaired)
  }
}
