import Foundation

/// A file without a name in the temporary directory (`$TMPDIR`, else `/tmp`), for what would
/// not fit in a bounded amount of memory: bytes are appended, then read back from any offset.
/// It is unlinked as soon as it is created, so that it goes away with its descriptor, even when
/// the process is killed.
package final class TemporaryFile {
  private let descriptor: Int32
  /// How many bytes were appended since the file was created or emptied.
  package private(set) var size = 0

  /// Creates the file.
  /// - Throws: ``TemporaryFileError`` when the temporary directory cannot take a file.
  package init() throws(TemporaryFileError) {
    var template = Array((NSTemporaryDirectory() + "/traceq-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw TemporaryFileError(errno: errno) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Appends `bytes`.
  /// - Throws: ``TemporaryFileError`` when they cannot be written (a full disk); the file then
  ///   ends where it ended before.
  package func append(_ bytes: UnsafeRawBufferPointer) throws(TemporaryFileError) {
    var offset = 0
    while offset < bytes.count {
      let written = pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(size + offset))
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let error = TemporaryFileError(errno: errno)
        _ = ftruncate(descriptor, off_t(size))
        throw error
      }
      offset += written
    }
    size += bytes.count
  }

  /// Reads up to `buffer.count` bytes from `offset`; returns how many (fewer only at the end).
  package func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TemporaryFileError) -> Int {
    var total = 0
    while total < buffer.count, offset + total < size {
      let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw TemporaryFileError(errno: count == 0 ? EIO : errno) }
      total += count
    }
    return total
  }

  /// Empties the file, for reuse.
  package func removeAll() {
    _ = ftruncate(descriptor, 0)
    size = 0
  }
}

/// A temporary file that could not be created, written or read.
package struct TemporaryFileError: Error, CustomStringConvertible {
  package let errno: Int32

  package var description: String {
    "cannot use a temporary file in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))"
  }
}
