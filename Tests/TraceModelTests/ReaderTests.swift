import Foundation
import TestSupport
import Testing

@testable import TraceModel
@testable import TraceReading

/// Reads every line and the end issues of `bytes`, handed over `chunkSize` bytes at a time.
/// Inflated with `library`.
func readAll(
  _ bytes: [UInt8], chunkSize: Int = 1 << 16, maxLineLength: Int = 1 << 20, readsAhead: Bool = false,
  library: DeflateLibrary = .fastest
) throws
  -> (lines: [String], unterminated: [Int], oversized: [Int: Int], issues: [IngestIssue], compression: Compression)
{
  let reader = try DeflateLibrary.$current.withValue(library) {
    try TraceReader(
      source: MemoryByteSource(bytes, chunkSize: chunkSize), path: "t.ndjson.gz", maxLineLength: maxLineLength,
      readsAhead: readsAhead)
  }
  var lines: [String] = []
  var unterminated: [Int] = []
  var oversized: [Int: Int] = [:]
  while let line = try reader.next() {
    #expect(line.number == lines.count + 1)
    lines.append(line.text(limit: .max))
    if line.isUnterminated { unterminated.append(line.number) }
    if let length = line.oversizedLength { oversized[line.number] = length }
  }
  return (lines, unterminated, oversized, reader.endIssues, reader.compression)
}

@Suite("Reading compressed traces")
struct ReaderTests {
  static let text = TraceText.lines([TraceText.header()] + TraceText.events(200))
  static let expected = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)

  @Test(
    "gzip, zlib and plain text give the same lines, whatever the piece size",
    arguments: [
      Compression.gzip, .zlib, .none,
    ], [1, 7, 4096, 1 << 16])
  func everyCompression(_ compression: Compression, chunkSize: Int) throws {
    for library in DeflateLibrary.allCases {
      let result = try readAll(Fixture.bytes(Self.text, compression), chunkSize: chunkSize, library: library)
      #expect(result.compression == compression)
      #expect(result.lines == Self.expected)
      #expect(result.issues.isEmpty)
      #expect(result.unterminated.isEmpty)
    }
  }

  @Test(
    "compression is told from the bytes: each zlib header level",
    arguments: [Int32(1), 2, 6, 9], DeflateLibrary.allCases)
  func zlibLevels(_ level: Int32, library: DeflateLibrary) throws {
    let bytes = try CompressingWriter.compress(Self.text, as: .zlib, level: level)
    #expect(try readAll(bytes, library: library).compression == .zlib)
    #expect(try readAll(bytes, library: library).lines == Self.expected)
  }

  @Test("every member of a multi-member gzip file is read", arguments: DeflateLibrary.allCases)
  func multiMember(library: DeflateLibrary) throws {
    let first = TraceText.lines([TraceText.header()] + TraceText.events(3))
    let second = TraceText.lines([TraceText.header()] + TraceText.events(4, first: 3))
    let result = try readAll(Fixture.multiMember([first, second]), chunkSize: 5, library: library)
    #expect(result.lines.count == 9)
    #expect(result.lines[4] == TraceText.header())
    #expect(result.issues.isEmpty)
  }

  @Test("CRLF line ends and blank lines")
  func lineEnds() throws {
    let result = try readAll(Array("a\r\n\r\nb\n\nc".utf8))
    #expect(result.lines == ["a", "", "b", "", "c"])
    #expect(result.unterminated == [5])
  }

  @Test(
    "a gzip stream cut short is read up to its last complete line, with a warning", arguments: DeflateLibrary.allCases)
  func truncatedGzip(library: DeflateLibrary) throws {
    let bytes = try Fixture.cutShort(Self.text, dropping: 300)
    let result = try readAll(bytes, chunkSize: 333, library: library)
    #expect(result.lines.count > 1 && result.lines.count < Self.expected.count)
    #expect(Array(Self.expected.prefix(result.lines.count)) == result.lines)
    #expect(result.issues.map(\.kind) == [.truncatedStream])
    #expect(result.issues[0].line == result.lines.count + 1)
    #expect(result.issues[0].severity == .warning)
    #expect(result.issues[0].message.contains("after line \(result.lines.count), the last complete line"))
  }

  @Test("a gzip file without its trailer keeps every line and warns", arguments: DeflateLibrary.allCases)
  func missingTrailer(library: DeflateLibrary) throws {
    let result = try readAll(try Fixture.cutShort(Self.text, dropping: 8), library: library)
    #expect(result.lines == Self.expected)
    #expect(result.issues.map(\.kind) == [.truncatedStream])
  }

  @Test("damaged deflate data stops reading with an error", arguments: DeflateLibrary.allCases)
  func corrupt(library: DeflateLibrary) throws {
    var bytes = try Fixture.bytes(Self.text)
    for index in bytes.count / 2..<bytes.count / 2 + 40 { bytes[index] ^= 0x5A }
    let result = try readAll(bytes, library: library)
    #expect(result.lines.count < Self.expected.count)
    #expect(result.issues.map(\.kind) == [.corruptStream])
    #expect(result.issues[0].severity == .error)
  }

  @Test("bytes after the gzip stream that are not a member are reported", arguments: DeflateLibrary.allCases)
  func trailingGarbage(library: DeflateLibrary) throws {
    let result = try readAll(try Fixture.bytes(Self.text) + Array("garbage".utf8), library: library)
    #expect(result.lines == Self.expected)
    #expect(result.issues.map(\.kind) == [.trailingData])
    #expect(result.issues[0].message.hasPrefix("7 bytes"))
  }

  @Test("a line over the limit is skipped and reported; reading goes on")
  func oversizedLine() throws {
    let long = "{\"ev\":\"console\",\"text\":\"" + String(repeating: "x", count: 5000) + "\"}"
    let text = TraceText.lines([TraceText.header(), long, "{\"ev\":\"attemptRotation\"}"])
    for compression in [Compression.none, .gzip] {
      let result = try readAll(Fixture.bytes(text, compression), chunkSize: 100, maxLineLength: 1000)
      #expect(result.lines.count == 3)
      #expect(result.oversized == [2: long.utf8.count])
      #expect(long.hasPrefix(result.lines[1]) && result.lines[1].utf8.count >= 1000)
      #expect(result.lines[2] == "{\"ev\":\"attemptRotation\"}")
    }
  }

  @Test("an empty input has no lines")
  func empty() throws {
    #expect(try readAll([]).lines.isEmpty)
    #expect(try readAll(Fixture.bytes("")).lines.isEmpty)
  }
}
