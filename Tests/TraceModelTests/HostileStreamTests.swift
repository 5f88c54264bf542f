import TestSupport
import Testing

@testable import TraceImporters
@testable import TraceModel
@testable import TraceReading

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

  @Test(
    "a zlib stream that needs a preset dictionary is named as such, not as a missing header",
    arguments: DeflateLibrary.allCases)
  func presetDictionary(library: DeflateLibrary) throws {
    let result = try readAll(Self.presetDictionary, library: library)
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

  /// gzip bytes with the CRC of the trailer changed: every byte inflates, the checksum fails.
  static func badChecksum(_ text: String) throws -> [UInt8] {
    var bytes = try Fixture.bytes(text)
    bytes[bytes.count - 8] ^= 0xFF
    return bytes
  }

  @Test(
    "a checksum that fails says from which line nothing is verified: the damaged member's first",
    arguments: [1, 7, 1 << 16], [false, true])
  func checksumFailure(chunkSize: Int, readsAhead: Bool) throws {
    let first = TraceText.lines([TraceText.header()] + TraceText.events(10))
    let second = TraceText.lines(TraceText.events(10, first: 10))
    let bytes = try Fixture.multiMember([first]) + Self.badChecksum(second)
    for library in DeflateLibrary.allCases {
      let reader = try DeflateLibrary.$current.withValue(library) {
        try TraceReader(source: MemoryByteSource(bytes, chunkSize: chunkSize), path: "t", readsAhead: readsAhead)
      }
      var lines = 0
      while try reader.next() != nil { lines += 1 }
      #expect(lines == 21)
      #expect(reader.unverifiedFromLine == 12)
      let issue = try #require(reader.endIssues.first)
      #expect(issue.kind == .corruptStream)
      #expect(issue.line == 12)
      #expect(
        issue.message.contains("checksum does not match (\(library.name): incorrect data check)"), "\(issue.message)")
      #expect(issue.message.contains("lines 12–21 were read but no checksum vouches for them"), "\(issue.message)")
    }
  }

  @Test("a single damaged member leaves every line unverified; an intact file has no such line")
  func singleMemberChecksum() throws {
    let text = TraceText.lines([TraceText.header()] + TraceText.events(5))
    let damaged = try TraceReader(source: MemoryByteSource(Self.badChecksum(text)), path: "t")
    while try damaged.next() != nil {}
    #expect(damaged.unverifiedFromLine == 1)
    #expect(damaged.endIssues.first?.message.contains("damaged somewhere in the file; lines 1–6") == true)
    let intact = try TraceReader(source: MemoryByteSource(Fixture.multiMember([text, text])), path: "t")
    while try intact.next() != nil {}
    #expect(intact.unverifiedFromLine == nil)
    #expect(intact.endIssues.isEmpty)
  }
}
