import Foundation
import TraceRecorderZlib

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// This launch's trace file, written by the writer thread only: deflated as gzip or zlib (or
/// written as it is), each flush a zlib sync flush so that the file read so far decodes up to
/// its last complete record.
final class TraceFile {
  let url: URL
  private let descriptor: Int32
  /// The deflate stream; nil when the file is not compressed.
  private let stream: UnsafeMutablePointer<z_stream>?
  private let output: UnsafeMutableRawBufferPointer
  /// Bytes handed to the system so far.
  private(set) var bytesWritten = 0
  /// Set when a write failed (disk full, file removed): nothing more is written.
  private(set) var failure: Int32?

  init(url: URL, configuration: RecorderConfiguration) throws {
    self.url = url
    descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw RecorderError.cannotCreate(url.path, errno: errno) }
    output = .allocate(byteCount: 1 << 16, alignment: 16)
    guard configuration.compression != .none else {
      stream = nil
      return
    }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // windowBits 15: a 32 KiB window; + 16 asks zlib for a gzip header and trailer.
    let windowBits: Int32 = configuration.compression == .gzip ? 15 + 16 : 15
    let level = min(9, max(1, configuration.compressionLevel))
    guard trace_recorder_deflateInit2(stream, level, windowBits) == Z_OK else {
      stream.deallocate()
      output.deallocate()
      close(descriptor)
      throw RecorderError.cannotCompress(url.path)
    }
    self.stream = stream
  }

  deinit {
    if let stream {
      deflateEnd(stream)
      stream.deallocate()
    }
    output.deallocate()
    close(descriptor)
  }

  /// Compresses `bytes`; the output may stay in zlib until ``flush()``.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    guard let stream else { return writeAll(bytes) }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = UInt32(bytes.count)
    deflate(Z_NO_FLUSH)
  }

  /// Hands everything written so far to the system: it survives the app's crash.
  func flush() {
    guard failure == nil, stream != nil else { return }
    deflate(Z_SYNC_FLUSH)
  }

  /// Makes the file durable (the disk has it, not only the system's cache).
  func synchronize() { fsync(descriptor) }

  /// Ends the compressed stream (the gzip trailer) and makes the file durable.
  func finish() {
    guard failure == nil else { return }
    if stream != nil { deflate(Z_FINISH) }
    synchronize()
  }

  /// Runs deflate until it has taken all its input (and, for a flush, given all its output).
  private func deflate(_ flush: Int32) {
    guard let stream else { return }
    repeat {
      stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = UInt32(output.count)
      let status = TraceRecorderZlib.deflate(stream, flush)
      let produced = output.count - Int(stream.pointee.avail_out)
      if produced > 0 { writeAll(UnsafeRawBufferPointer(rebasing: output[..<produced])) }
      if status == Z_STREAM_ERROR || (flush == Z_FINISH && status == Z_STREAM_END) { return }
    } while stream.pointee.avail_out == 0 || flush == Z_FINISH
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = systemWrite(descriptor, next, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        return
      }
      remaining -= written
      next += written
      bytesWritten += written
    }
  }
}

/// write(2): the name `write` is TraceFile's own inside the class.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
    Darwin.write(descriptor, bytes, count)
  #else
    Glibc.write(descriptor, bytes, count)
  #endif
}

/// What stops a recorder from starting.
public enum RecorderError: Error, CustomStringConvertible {
  /// The file at the path could not be created or opened; `errno` says why.
  case cannotCreate(String, errno: Int32)
  /// zlib's deflate could not start for the file at the path (zlib found no memory for it).
  case cannotCompress(String)

  public var description: String {
    switch self {
    case .cannotCreate(let path, let code): "cannot create \(path): \(String(cString: strerror(code)))"
    case .cannotCompress(let path): "cannot start zlib's deflate for \(path)"
    }
  }
}
