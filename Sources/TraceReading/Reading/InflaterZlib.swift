import CZlib
import TraceModel

/// zlib's inflate, one member at a time.
final class ZlibDecoder: MemberDecoder {
  private let stream: UnsafeMutablePointer<z_stream>

  init(compression: Compression) throws {
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

  func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> DecodeStep {
    // An empty buffer may have no address: zlib reads none of `avail_in`/`avail_out` = 0 bytes.
    stream.pointee.next_in = input.baseAddress.map {
      UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self))
    }
    stream.pointee.avail_in = UInt32(input.count)
    stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = UInt32(output.count)
    let status = inflate(stream, Z_NO_FLUSH)
    let outcome: DecodeStep.Outcome
    switch status {
    case Z_OK, Z_BUF_ERROR: outcome = .decoding  // Z_BUF_ERROR: no progress possible without more input
    case Z_STREAM_END: outcome = .memberEnded(readPast: 0)
    case Z_NEED_DICT: outcome = .needsDictionary
    case Z_MEM_ERROR: throw TraceReadError.readFailed(path: "", reason: "zlib ran out of memory")
    default: outcome = .corrupt(stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)")
    }
    return DecodeStep(
      consumed: input.count - Int(stream.pointee.avail_in), written: output.count - Int(stream.pointee.avail_out),
      outcome: outcome)
  }

  func startMember() { inflateReset(stream) }
}
