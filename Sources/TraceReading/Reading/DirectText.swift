import Foundation
import TraceModel

/// The text of a ``ByteSource``, produced on the calling thread: inflated when the first bytes
/// say gzip or zlib (`Compression/sniff(_:)`), else copied.
final class DirectText {
  let compression: Compression
  private let input: InputBuffer
  private let inflater: Inflater?
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks would protect nothing.
  @exclusivity(unchecked) private var plainBytesRead = 0

  init(source: ByteSource) throws {
    input = InputBuffer(source: source)
    try input.ensure(2)
    compression = Compression.sniff(UnsafeRawBufferPointer(input.unread))
    inflater = compression == .none ? nil : try Inflater(input: input, compression: compression)
  }

  /// Writes the next piece of text into `room`; returns how many bytes, 0 once the stream has
  /// ended (then ``ending`` says how).
  func fill(_ room: UnsafeMutableRawBufferPointer) throws -> Int {
    if let inflater { return try inflater.fill(room) }
    if input.count > 0 {
      let count = min(input.count, room.count)
      room.baseAddress!.copyMemory(from: input.unread.baseAddress!, byteCount: count)
      input.consume(count)
      return count
    }
    let count = try input.source.read(into: room)
    plainBytesRead += count
    return count
  }

  /// How the stream ended; meaningful once ``fill(_:)`` has returned 0.
  var ending: StreamEnding { inflater?.ending ?? .complete }

  /// Whether the text of the last ``fill(_:)`` begins a compressed member after the first: the
  /// checksum of each member covers its own text only.
  var startsMember: Bool { inflater?.startsMember ?? false }

  /// Bytes taken from the source for the text handed out so far (compressed bytes for a
  /// compressed trace).
  var bytesRead: Int { input.bytesRead + plainBytesRead }

  /// Reads the rest of the source without decoding it, handing each piece to `body`.
  func drain(_ body: (UnsafeRawBufferPointer) -> Void) throws { try input.drain(body) }
}
