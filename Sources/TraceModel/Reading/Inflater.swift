import CZlib

/// How a compressed stream ended.
enum StreamEnding: Equatable {
  /// The last member ended cleanly at the end of the input.
  case complete
  /// The input ended inside a member (no end-of-stream marker or trailer).
  case truncated
  /// zlib rejected the data (zlib's message).
  case corrupt(String)
  /// The stream ended cleanly but this many bytes follow that are not another gzip member.
  case trailingData(Int)
  /// A zlib stream that needs a preset dictionary (`FDICT`), which the file cannot carry.
  case presetDictionary
}

/// Streaming gzip / zlib decompression into caller-provided buffers. Reads every member of
/// a multi-member gzip file (`cat a.gz b.gz`).
final class Inflater {
  private let input: InputBuffer
  private let compression: Compression
  private let stream: UnsafeMutablePointer<z_stream>
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private(set) var ending: StreamEnding?
  /// Whether the text of the last ``fill(_:)`` begins a gzip member after the first (a fill
  /// never spans two members, so that the reader can tell where each one starts).
  @exclusivity(unchecked) private(set) var startsMember = false
  @exclusivity(unchecked) private var nextStartsMember = false

  init(input: InputBuffer, compression: Compression) throws {
    precondition(compression != .none)
    self.input = input
    self.compression = compression
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // 15 bits of window; +16 reads a gzip wrapper, plain 15 a zlib wrapper.
    let status = traceq_inflateInit2(stream, compression == .gzip ? 15 + 16 : 15)
    guard status == Z_OK else {
      stream.deallocate()
      throw TraceReadError.readFailed(path: "", reason: "zlib could not start (status \(status))")
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
  }

  /// Decompresses into `output`; returns how many bytes were written, 0 once the stream has
  /// ended (then ``ending`` says how).
  func fill(_ output: UnsafeMutableRawBufferPointer) throws -> Int {
    guard ending == nil else { return 0 }
    startsMember = nextStartsMember
    nextStartsMember = false
    stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = UInt32(output.count)
    while stream.pointee.avail_out > 0 && ending == nil {
      if input.count == 0, try !input.refill() {
        ending = .truncated
        break
      }
      let unread = input.unread
      let roomBefore = stream.pointee.avail_out
      stream.pointee.next_in = unread.baseAddress!.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_in = UInt32(unread.count)
      let status = inflate(stream, Z_NO_FLUSH)
      let consumed = unread.count - Int(stream.pointee.avail_in)
      input.consume(consumed)
      switch status {
      case Z_OK:
        continue
      case Z_BUF_ERROR where consumed > 0 || stream.pointee.avail_out < roomBefore || input.count == 0:
        continue  // needs more input: refilled at the top of the loop
      case Z_BUF_ERROR:
        ending = .corrupt("zlib made no progress")
      case Z_STREAM_END:
        try finishMember()
        if ending == nil {
          // A new member: it starts the next fill, or this one when nothing was written yet.
          if stream.pointee.avail_out < UInt32(output.count) {
            nextStartsMember = true
            return output.count - Int(stream.pointee.avail_out)
          }
          startsMember = true
        }
      case Z_NEED_DICT:
        ending = .presetDictionary
      case Z_MEM_ERROR:
        throw TraceReadError.readFailed(path: "", reason: "zlib ran out of memory")
      default:
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        ending = .corrupt(message)
      }
    }
    return output.count - Int(stream.pointee.avail_out)
  }

  /// A member ended: go on with the next gzip member, or decide how the stream ended.
  private func finishMember() throws {
    try input.ensure(2)
    if input.count == 0 {
      ending = .complete
    } else if compression == .gzip, input.count >= 2, input.unread[0] == 0x1f, input.unread[1] == 0x8b {
      inflateReset(stream)
    } else {
      var extra = input.count
      input.consume(extra)
      try input.drain { extra += $0.count }
      ending = .trailingData(extra)
    }
  }
}
