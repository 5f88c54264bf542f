import Foundation
import TestSupport
import Testing

@testable import TraceImporters
@testable import TraceModel
@testable import TraceReading

@Suite("Decompressing ahead on a thread of its own")
struct ReadAheadTests {
  static let text = ReaderTests.text
  /// About 3 MB of text: a dozen read-ahead blocks.
  static let large = TraceText.lines([TraceText.header()] + TraceText.events(40_000))

  /// The inputs of the reader's tests: every compression, several members, cut short, damaged,
  /// trailing bytes, lines over the limit, nothing at all, more text than the blocks hold, and
  /// more lines than a block holds.
  static func inputs() throws -> [(name: String, bytes: [UInt8])] {
    var damaged = try Fixture.bytes(text)
    for index in damaged.count / 2..<damaged.count / 2 + 40 { damaged[index] ^= 0x5A }
    let long = "{\"ev\":\"console\",\"text\":\"" + String(repeating: "x", count: 5000) + "\"}"
    // Lines over the limit between short ones: their first bytes are kept apart in each batch.
    let overLimit = (0..<60).map { index in
      "{\"ev\":\"console\",\"text\":\"\(index)" + String(repeating: "y", count: 1200 + index) + "\"}"
    }
    let mixed = TraceText.lines([TraceText.header()] + zip(overLimit, TraceText.events(60)).flatMap { [$0, $1] })
    // More lines than a batch holds in one buffer's worth of text: the rest moves on with the reader.
    let tiny = TraceText.lines([TraceText.header()] + Array(repeating: "{}", count: 30_000) + ["", " "])
    return [
      ("gzip", try Fixture.bytes(text)), ("zlib", try Fixture.bytes(text, .zlib)),
      ("plain", try Fixture.bytes(text, .none)),
      ("multi-member", try Fixture.multiMember([text, TraceText.lines([TraceText.header()])])),
      ("cut short", try Fixture.cutShort(text, dropping: 300)), ("damaged", damaged),
      ("trailing bytes", try Fixture.bytes(text) + Array("garbage".utf8)),
      ("line over the limit", try Fixture.bytes(TraceText.lines([TraceText.header(), long]))),
      ("empty", []), ("large gzip", try Fixture.bytes(large)), ("large plain", try Fixture.bytes(large, .none)),
      ("lines over the limit among short ones", try Fixture.bytes(mixed)), ("tiny lines", try Fixture.bytes(tiny)),
    ]
  }

  @Test("the lines and the end issues are those of reading on one thread")
  func sameAsDirect() throws {
    for input in try Self.inputs() {
      for chunkSize in [333, 1 << 16] {
        let direct = try readAll(input.bytes, chunkSize: chunkSize, maxLineLength: 1000)
        let ahead = try readAll(input.bytes, chunkSize: chunkSize, maxLineLength: 1000, readsAhead: true)
        #expect(ahead.lines == direct.lines, "\(input.name)")
        #expect(ahead.unterminated == direct.unterminated, "\(input.name)")
        #expect(ahead.oversized == direct.oversized, "\(input.name)")
        #expect(ahead.issues == direct.issues, "\(input.name)")
        #expect(ahead.compression == direct.compression, "\(input.name)")
      }
    }
  }

  /// Every item of a stream decoded with or without reading ahead, as text.
  static func items(_ bytes: [UInt8], readsAhead: Bool, maxLineLength: Int = 1 << 20) throws -> [String] {
    let reader = try TraceReader(
      source: MemoryByteSource(bytes, chunkSize: 333), path: "t.ndjson", maxLineLength: maxLineLength,
      readsAhead: readsAhead)
    let stream = TraceStream(reader: reader)
    var items: [String] = []
    while let item = try stream.next() { items.append(String(describing: item)) }
    return items
  }

  @Test("records scanned ahead decode to the items, issues and follow-ups of scanning on one thread")
  func scannedAheadSameItems() throws {
    let odd = [
      TraceText.header(),
      #"{"t":1,"ev":"viewWillAppear","vc":"0xa1","class":"Root","animated":false}"#,
      #"{"t":1,"ev":"viewDidAppear","vc":"0xa1","vc":"0xb2","animated":false}"#,
      #"{"t":0.5,"ev":"vi\u0065wDidAppear","vc":"0x\u0061\u0031","animated":true,"extra":[1,{"a":null}]}"#,
      #"{"t":2,"ev":"push","nav":"0xa1","vc":"0xc3","animated":"yes"}"#,
      #"{"t":3,"ev":"present","presenter":"0xa1","vc":"0xd4","style":"sideways"}"#,
      #"{"t":3,"ev":"present""#, "   ", "", "not json at all", #"{"t":4,"ev":42}"#,
      #"{"t":1e400,"ev":"attemptRotation"}"#,
      #"{"t":5,"ev":"console","text":"Unbalanced calls to begin/end appearance transitions for <X: 0x1>."}"#,
      "{\"t\":6,\"ev\":\"console\",\"text\":\"" + String(repeating: "y", count: 3000) + "\"}",
      #"{"ev":"somethingNew","vc":"0xe5","t":7}"#, #"{"traceq":2,"idiom":"pad"}"#,
      #"{"t":1,"ev":"viewDidAppear","vc":"0xa1"}"#,
      TraceText.header(idiom: "pad"), #"{"t":1,"ev":"setRoot","vc":"0xf6","class":"UINavigationController"}"#,
    ]
    let text = TraceText.lines(odd + TraceText.events(3_000)) + #"{"t":9,"ev":"attemptRot"#
    for compression in [Compression.none, .gzip] {
      let bytes = try Fixture.bytes(text, compression)
      let direct = try Self.items(bytes, readsAhead: false, maxLineLength: 2000)
      #expect(direct.count > 3_000)
      #expect(try Self.items(bytes, readsAhead: true, maxLineLength: 2000) == direct, "\(compression)")
    }
  }

  @Test("bytes read grows with the lines handed out and ends at the size of the input")
  func progress() throws {
    let bytes = try Fixture.bytes(Self.large)
    let reader = try TraceReader(source: MemoryByteSource(bytes), path: "t.gz", readsAhead: true)
    var seen: [Int] = []
    while try reader.next() != nil { seen.append(reader.bytesRead) }
    #expect(seen == seen.sorted())
    #expect(seen.first! < bytes.count)
    #expect(reader.bytesRead == bytes.count)
  }

  @Test("a source that fails makes the reader throw its error")
  func failingSource() throws {
    let source = FailingSource(bytes: try Fixture.bytes(Self.large), failAfter: 100_000)
    let reader = try TraceReader(source: source, path: "t.gz", readsAhead: true)
    #expect(throws: TraceReadError.readFailed(path: "t.gz", reason: "the disk went away")) {
      while try reader.next() != nil {}
    }
  }

  @Test("after stopping early, the rest of the source can still be read (for a content hash)")
  func drainAfterStopping() throws {
    let bytes = try Fixture.bytes(Self.large)
    let source = FailingSource(bytes: bytes, failAfter: .max)
    let reader = try TraceReader(source: source, path: "t.gz", readsAhead: true)
    _ = try reader.next()
    try reader.drainSource { _ in }
    #expect(source.offset == bytes.count)
  }

  @Test("a reader dropped in the middle of a file stops its thread")
  func dropped() throws {
    let bytes = try Fixture.bytes(Self.large)
    let released = DispatchSemaphore(value: 0)
    do {
      let source = FailingSource(bytes: bytes, failAfter: .max)
      source.onRelease = { released.signal() }
      let reader = try TraceReader(source: source, path: "t.gz", readsAhead: true)
      _ = try reader.next()
    }
    // The producing thread holds the source until it stops: the source is released then.
    #expect(released.wait(timeout: .now() + 60) == .success, "the producing thread still holds the source")
  }
}

/// Bytes in memory that fail with a read error after `failAfter` of them.
private final class FailingSource: ByteSource, @unchecked Sendable {
  let bytes: [UInt8]
  let failAfter: Int
  private(set) var offset = 0
  /// Called when the last reference to the source goes.
  var onRelease: () -> Void = {}

  init(bytes: [UInt8], failAfter: Int) {
    self.bytes = bytes
    self.failAfter = failAfter
  }

  deinit { onRelease() }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard offset < failAfter else { throw TraceReadError.readFailed(path: "t.gz", reason: "the disk went away") }
    let count = min(buffer.count, bytes.count - offset, 1 << 14)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
    offset += count
    return count
  }
}
