import CZlib
import TraceModel

/// Writes bytes compressed as gzip or zlib (or as they are), handing the output to a sink in
/// pieces: for producing traces (the generator, test fixtures) without holding them whole.
package final class CompressingWriter {
  package let compression: Compression
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  private let stream: UnsafeMutablePointer<z_stream>?
  private let output: UnsafeMutableRawBufferPointer

  /// - Parameter level: zlib's compression level, 1 (fast) to 9 (small).
  package init(compression: Compression, level: Int32 = 6, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.compression = compression
    self.sink = sink
    output = .allocate(byteCount: 1 << 16, alignment: 16)
    if compression == .none {
      stream = nil
    } else {
      let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
      stream.initialize(to: z_stream())
      let status = traceq_deflateInit2(stream, level, compression == .gzip ? 15 + 16 : 15)
      precondition(status == Z_OK, "deflateInit2 failed with status \(status)")
      self.stream = stream
    }
  }

  deinit {
    if let stream {
      deflateEnd(stream)
      stream.deallocate()
    }
    output.deallocate()
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard let stream else { return try sink(bytes) }
    guard let base = bytes.baseAddress else { return }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = UInt32(bytes.count)
    try pump(flush: Z_NO_FLUSH)
  }

  package func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
  }

  /// Hands everything written so far to the sink (zlib's sync flush): what the sink has received
  /// then decompresses to every byte written, even if the stream is never finished.
  package func flush() throws {
    guard stream != nil else { return }
    try pump(flush: Z_SYNC_FLUSH)
  }

  /// Ends the stream (the gzip trailer or zlib checksum). Nothing may be written after.
  package func finish() throws {
    guard stream != nil else { return }
    try pump(flush: Z_FINISH)
  }

  private func pump(flush: Int32) throws {
    guard let stream else { return }
    repeat {
      stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = UInt32(output.count)
      let status = deflate(stream, flush)
      precondition(status != Z_STREAM_ERROR, "deflate stream error")
      let produced = output.count - Int(stream.pointee.avail_out)
      if produced > 0 { try sink(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
      if flush == Z_FINISH && status == Z_STREAM_END { return }
    } while stream.pointee.avail_out == 0 || (flush == Z_FINISH)
  }

  /// `text` compressed in one piece.
  package static func compress(_ text: String, as compression: Compression, level: Int32 = 6) throws -> [UInt8] {
    var result: [UInt8] = []
    let writer = CompressingWriter(compression: compression, level: level) { result.append(contentsOf: $0) }
    try writer.write(text)
    try writer.finish()
    return result
  }
}
