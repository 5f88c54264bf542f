import Foundation
import TraceModel

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// This launch's trace file, written by the writer thread only: compressed with TraceModel's
/// `CompressingWriter`, each flush a zlib sync flush so that the file read so far decodes up
/// to its last complete record.
final class TraceFile {
  let url: URL
  private let descriptor: Int32
  private var compressor: CompressingWriter!
  /// Bytes handed to the system so far.
  private(set) var bytesWritten = 0
  /// Set when a write failed (disk full, file removed): nothing more is written.
  private(set) var failure: Int32?

  init(url: URL, configuration: RecorderConfiguration) throws {
    self.url = url
    descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw RecorderError.cannotCreate(url.path, errno: errno) }
    compressor = CompressingWriter(compression: configuration.compression, level: configuration.compressionLevel) {
      [unowned self] bytes in self.writeAll(bytes)
    }
  }

  deinit { close(descriptor) }

  /// Compresses `bytes`; the output may stay in zlib until ``flush()``.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, !bytes.isEmpty else { return }
    try? compressor.write(bytes)
  }

  /// Hands everything written so far to the system: it survives the app's crash.
  func flush() {
    guard failure == nil else { return }
    try? compressor.flush()
  }

  /// Makes the file durable (the disk has it, not only the system's cache).
  func synchronize() { fsync(descriptor) }

  /// Ends the compressed stream (the gzip trailer).
  func finish() {
    guard failure == nil else { return }
    try? compressor.finish()
    synchronize()
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
  case cannotCreate(String, errno: Int32)

  public var description: String {
    switch self {
    case .cannotCreate(let path, let code): "cannot create \(path): \(String(cString: strerror(code)))"
    }
  }
}
