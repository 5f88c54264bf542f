import TestSupport
import Testing

@testable import TraceModel

@Suite("Hostile streams")
struct HostileStreamTests {
  static let text = TraceText.lines([TraceText.header(), #"{"ev":"attemptRotation"}"#])

  @Test(
    "a UTF-8 byte order mark before the header is skipped, whatever the compression and piece size",
    arguments: [Compression.none, .gzip, .zlib], [1, 2, 3, 1 << 16])
  func byteOrderMark(compression: Compression, chunkSize: Int) throws {
    let result = try readAll(try Fixture.bytes("\u{FEFF}" + Self.text, compression), chunkSize: chunkSize)
    #expect(result.lines == [TraceText.header(), #"{"ev":"attemptRotation"}"#])
    #expect(result.issues.isEmpty)
  }

  @Test("a byte order mark alone, or a file of two bytes, reads as nothing without a trap")
  func tinyFiles() throws {
    #expect(try readAll([0xEF, 0xBB, 0xBF]).lines.isEmpty)
    #expect(try readAll([0xEF, 0xBB]).lines == ["\u{FFFD}"])
    #expect(try readAll(Array("{\n".utf8), chunkSize: 1).lines == ["{"])
  }

  /// `{"traceq":1,"idiom":"phone"}` deflated with the preset dictionary "traceq".
  static let presetDictionary: [UInt8] = [
    0x78, 0xbb, 0x08, 0xe0, 0x02, 0x81, 0xab, 0x56, 0x2a, 0x01, 0xd3, 0x4a, 0x56, 0x86, 0x3a, 0x4a, 0x99, 0x29, 0x99,
    0xf9, 0xb9, 0x4a, 0x56, 0x4a, 0x05, 0x19, 0xf9, 0x79, 0xa9, 0x4a, 0xb5, 0x5c, 0x00, 0x8f, 0x58, 0x09, 0x4c,
  ]

  @Test("a zlib stream that needs a preset dictionary is named as such, not as a missing header")
  func presetDictionary() throws {
    let result = try readAll(Self.presetDictionary)
    #expect(result.compression == .zlib)
    #expect(result.lines.isEmpty)
    #expect(result.issues.map(\.kind) == [.corruptStream])
    #expect(result.issues.first?.message.contains("preset dictionary") == true)
  }

  @Test("every zlib header RFC 1950 allows is read as zlib; text starting with { never is")
  func zlibHeaders() throws {
    func sniff(_ bytes: [UInt8]) -> Compression { bytes.withUnsafeBytes { Compression.sniff($0) } }
    for level in [0x01, 0x5e, 0x9c, 0xda] as [UInt8] { #expect(sniff([0x78, level]) == .zlib) }
    #expect(sniff([0x58, 0x85]) == .zlib)  // an 8 KiB window
    #expect(sniff([0x78, 0xbb]) == .zlib)  // a preset dictionary
    #expect(sniff(Array("{\"".utf8)) == .none)
    #expect(sniff([0x78, 0x9d]) == .none)  // FCHECK wrong
    #expect(sniff([0x1f, 0x8b]) == .gzip)
  }

  @Test("a line over the limit says what the limit is")
  func lineLimitNamed() throws {
    let text = TraceText.lines([TraceText.header(), String(repeating: " ", count: 3000)])
    for (limit, shown) in [(1000, "1000 bytes"), (2048, "2 KiB (2048 bytes)")] {
      let stream = TraceStream(
        reader: try TraceReader(source: MemoryByteSource(Array(text.utf8)), path: "t", maxLineLength: limit))
      var messages: [String] = []
      while let item = try stream.next() { if let issue = item.issue { messages.append(issue.message) } }
      #expect(messages == ["the line is 3000 bytes long, over the limit of \(shown); it is skipped"])
    }
  }
}
