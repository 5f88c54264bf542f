import TestSupport
import Testing

@testable import TraceModel
@testable import TraceReading

/// What an inflater made of some bytes: the text, where each later gzip member's text starts,
/// and how the stream ended.
struct Inflated: Equatable, CustomStringConvertible {
  var text: [UInt8] = []
  var memberStarts: [Int] = []
  var ending: StreamEnding = .complete

  var description: String { "\(text.count) bytes, members from \(memberStarts), \(ending)" }

  /// The ending without the library's message. Damaged deflate data can give one library's
  /// message for the other's: zlib rejects an incomplete code set at once where ISA-L decodes
  /// with it and fails a check later.
  var kind: String {
    switch ending {
    case .corrupt: "corrupt"
    default: "\(ending)"
    }
  }
}

/// Inflates `bytes` with `library`, the source handing out `chunkSize` bytes at a time and the
/// reader asking for `fillSize` bytes of text at a time.
func inflate(_ bytes: [UInt8], with library: DeflateLibrary, chunkSize: Int = 1 << 16, fillSize: Int = 1 << 16)
  throws -> Inflated
{
  let input = InputBuffer(source: MemoryByteSource(bytes, chunkSize: chunkSize))
  try input.ensure(2)
  let inflater = try Inflater(
    input: input, compression: Compression.sniff(UnsafeRawBufferPointer(input.unread)), library: library)
  let room = UnsafeMutableRawBufferPointer.allocate(byteCount: fillSize, alignment: 16)
  defer { room.deallocate() }
  var result = Inflated()
  while case let count = try inflater.fill(room), count > 0 {
    if inflater.startsMember { result.memberStarts.append(result.text.count) }
    result.text += room.prefix(count)
  }
  result.ending = try #require(inflater.ending)
  return result
}

@Suite("Inflating with zlib and ISA-L")
struct InflaterTests {
  static let text = TraceText.lines([TraceText.header()] + TraceText.events(300))

  /// The CRC-32 of gzip (RFC 1952).
  static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func littleEndian(_ value: UInt32, bytes: Int = 4) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// `text` as a gzip member whose header carries every optional field: FEXTRA, FNAME, FCOMMENT
  /// and FHCRC (zlib's deflate writes none of them).
  static func gzipWithEveryHeaderField(_ text: String) throws -> [UInt8] {
    let plain = try Fixture.bytes(text)
    #expect(plain[3] == 0)  // no flags: the deflate data starts after 10 bytes
    var header: [UInt8] = [0x1f, 0x8b, 8, 0x02 | 0x04 | 0x08 | 0x10, 1, 2, 3, 4, 0, 3]
    header += littleEndian(5, bytes: 2) + Array("extra".utf8)
    header += Array("trace.ndjson".utf8) + [0] + Array("recorded on a device".utf8) + [0]
    header += littleEndian(crc32(header), bytes: 2)
    return header + plain[10...]
  }

  @Test(
    "a gzip header with an extra field, a name, a comment and a header CRC is read past",
    arguments: DeflateLibrary.allCases, [1, 3, 1 << 16])
  func everyHeaderField(library: DeflateLibrary, chunkSize: Int) throws {
    let bytes = try Self.gzipWithEveryHeaderField(Self.text)
    let result = try inflate(bytes, with: library, chunkSize: chunkSize)
    #expect(result == Inflated(text: Array(Self.text.utf8)))
    var damaged = bytes
    damaged[30] ^= 1  // in the name: the header CRC no longer matches
    #expect(try inflate(damaged, with: library).ending == .corrupt("\(library.name): header crc mismatch"))
    var reserved = bytes
    reserved[3] |= 0x20  // a flag RFC 1952 reserves
    let rejected = try inflate(reserved, with: library, chunkSize: chunkSize)
    #expect(rejected.ending == .corrupt("\(library.name): unknown header flags set") && rejected.text.isEmpty)
  }

  @Test(
    "zlib streams and stored (level 0) blocks inflate", arguments: DeflateLibrary.allCases, [0, 1, 6, 9] as [Int32])
  func levels(library: DeflateLibrary, level: Int32) throws {
    for compression in [Compression.gzip, .zlib] {
      let bytes = try CompressingWriter.compress(Self.text, as: compression, level: level)
      for chunkSize in [1, 5, 1 << 16] {
        #expect(try inflate(bytes, with: library, chunkSize: chunkSize) == Inflated(text: Array(Self.text.utf8)))
      }
    }
  }

  @Test("a stream cut at any byte is truncated, with the text zlib gives", arguments: [Compression.gzip, .zlib])
  func cutAtEveryByte(compression: Compression) throws {
    let bytes = try CompressingWriter.compress(TraceText.lines(TraceText.events(40)), as: compression, level: 6)
    for length in 2..<bytes.count {
      let cut = Array(bytes.prefix(length))
      let byZlib = try inflate(cut, with: .zlib, chunkSize: 7, fillSize: 100)
      #expect(byZlib.ending == .truncated)
      for library in DeflateLibrary.allCases {
        #expect(try inflate(cut, with: library, chunkSize: 7, fillSize: 100) == byZlib, "cut at \(length)")
      }
    }
  }

  @Test(
    "a flipped trailer byte fails the data check (CRC) or the length check (ISIZE), as zlib says",
    arguments: DeflateLibrary.allCases, [1, 3, 7, 1 << 16])
  func trailerChecks(library: DeflateLibrary, chunkSize: Int) throws {
    let bytes = try Fixture.multiMember([Self.text, "{}\n"])
    let end = try bytes.count - Fixture.bytes("{}\n").count  // where the first member ends
    #expect(bytes[end] == 0x1f)
    for offset in 1...8 {
      var damaged = bytes
      damaged[end - offset] ^= 0x10
      let result = try inflate(damaged, with: library, chunkSize: chunkSize)
      let check = offset > 4 ? "incorrect data check" : "incorrect length check"
      #expect(result.ending == .corrupt("\(library.name): \(check)"), "byte \(offset) before the end")
      #expect(result.text == Array(Self.text.utf8))
    }
    // Cut inside the length: zlib checks the CRC as soon as its 4 bytes are there.
    var cutInLength = try Fixture.bytes(Self.text)
    cutInLength[cutInLength.count - 8] ^= 1
    let cut = try inflate(Array(cutInLength.dropLast(2)), with: library, chunkSize: chunkSize)
    #expect(cut.ending == .corrupt("\(library.name): incorrect data check"))
    #expect(
      try inflate(Fixture.cutShort(Self.text, dropping: 2), with: library, chunkSize: chunkSize).ending == .truncated)
    var zlibStream = try Fixture.bytes(Self.text, .zlib)
    zlibStream[zlibStream.count - 2] ^= 1
    #expect(try inflate(zlibStream, with: library).ending == .corrupt("\(library.name): incorrect data check"))
  }

  @Test(
    "members, empty ones too, start their own fill; trailing bytes are counted",
    arguments: DeflateLibrary.allCases, [1, 4, 1 << 16])
  func members(library: DeflateLibrary, chunkSize: Int) throws {
    let bytes = try Fixture.multiMember(["a\n", "", Self.text, "b\n"])
    let result = try inflate(bytes, with: library, chunkSize: chunkSize, fillSize: 64)
    #expect(result.text == Array(("a\n" + Self.text + "b\n").utf8))
    // The empty member has no text: the fill that starts the next one says a member starts.
    #expect(result.memberStarts == [2, 2 + Self.text.utf8.count])
    #expect(result.ending == .complete)
    #expect(try inflate(Fixture.bytes(""), with: library) == Inflated())
    let trailing = try inflate(bytes + Array("garbage".utf8), with: library, chunkSize: chunkSize)
    #expect(trailing.text == result.text && trailing.ending == .trailingData(7))
    let zlibThenMore = try inflate(Fixture.bytes("a\n", .zlib) + Fixture.bytes("b\n"), with: library)
    #expect(zlibThenMore.text == Array("a\n".utf8))
    #expect(zlibThenMore.ending == .trailingData(22))
  }

  @Test("a zlib stream that needs a preset dictionary says so", arguments: DeflateLibrary.allCases)
  func presetDictionary(library: DeflateLibrary) throws {
    #expect(try inflate(HostileStreamTests.presetDictionary, with: library).ending == .presetDictionary)
  }

  @Test("zlib and ISA-L agree on random streams, whole, cut short, damaged or followed by garbage")
  func differential() throws {
    var random = SystemRandomNumberGenerator()
    var disagreements: [String] = []
    for round in 0..<600 {
      let lines = (0..<Int.random(in: 0...400, using: &random)).map { index in
        index % 7 == 0
          ? String(
            (0..<Int.random(in: 0...90, using: &random)).map { _ in
              Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &random)))
            })
          : TraceText.events(1, first: Int.random(in: 0...100_000, using: &random))[0]
      }
      let compression: Compression = round % 4 == 0 ? .zlib : .gzip
      let level = Int32.random(in: 0...9, using: &random)
      var bytes = try CompressingWriter.compress(TraceText.lines(lines), as: compression, level: level)
      if compression == .gzip && round % 3 == 0 {
        bytes += try CompressingWriter.compress(TraceText.lines(lines.reversed()), as: .gzip, level: level)
      }
      // Flipped bytes can also read as a stream that stops early: zlib may wait for bits a damaged
      // block header asks for where ISA-L rejects the header (and the other way round).
      let damaged = round % 5 == 2 || round % 5 == 3
      switch round % 5 {
      case 1: bytes = Array(bytes.prefix(Int.random(in: 2...bytes.count, using: &random)))
      case 2, 3:
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          bytes[Int.random(in: 2..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
        }
      case 4:
        bytes += (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      default: break
      }
      let chunkSize = [1, 13, 4096, 1 << 16].randomElement(using: &random)!
      let fillSize = [1, 100, 1 << 16].randomElement(using: &random)!
      let byZlib = try inflate(bytes, with: .zlib, chunkSize: chunkSize, fillSize: fillSize)
      for library in DeflateLibrary.allCases where library != .zlib {
        let other = try inflate(bytes, with: library, chunkSize: chunkSize, fillSize: fillSize)
        // Damaged deflate data: each library stops where it finds the damage, having handed out a
        // different part of what it decoded before (ISA-L decodes ahead, zlib checks a block's codes
        // before using them); what both hand out agrees. Cut short: ISA-L may keep back the last
        // symbol whose bits are all there.
        let common = min(byZlib.text.count, other.text.count)
        let agree =
          switch byZlib.kind {
          case "corrupt", "truncated":
            byZlib.text.prefix(common) == other.text.prefix(common)
              && byZlib.memberStarts.filter { $0 < common } == other.memberStarts.filter { $0 < common }
              && (byZlib.kind == "corrupt" || damaged || byZlib.text.count - other.text.count <= 8)
          default: other.text == byZlib.text && other.memberStarts == byZlib.memberStarts
          }
        let sameKind =
          other.kind == byZlib.kind || (damaged && Set([other.kind, byZlib.kind]) == ["corrupt", "truncated"])
        if !sameKind || !agree {
          let path = "/tmp/traceq-inflate-disagreement-\(round)"
          try Fixture.write(bytes, to: path)
          disagreements.append(
            "\(path) (chunks of \(chunkSize), fills of \(fillSize)): \(round): zlib \(byZlib.ending) \(byZlib.text.count) bytes, \(library) \(other.ending) \(other.text.count) bytes"
          )
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
  }
}
