import Foundation

/// A file the generator writes (or standard output for `-`), written with `write(2)`.
public final class OutputFile {
  public let path: String
  private let descriptor: Int32

  /// Creates (or truncates) the file at `path`.
  public init(path: String) throws(OutputFileError) {
    self.path = path
    if path == "-" {
      descriptor = STDOUT_FILENO
    } else {
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      if descriptor < 0 { throw OutputFileError(path: path, errno: errno) }
    }
  }

  deinit {
    if descriptor != STDOUT_FILENO { close(descriptor) }
  }

  /// Writes all of `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputFileError(path: path, errno: errno)
      }
      offset += written
    }
  }

  /// Whether a person is looking at it (compressed bytes are not for a terminal).
  public var isTerminal: Bool { isatty(descriptor) == 1 }
}

/// A file that cannot be created or written.
public struct OutputFileError: Error, CustomStringConvertible {
  public let path: String
  public let errno: Int32

  public var description: String {
    "cannot write \(path == "-" ? "standard output" : path): \(String(cString: strerror(errno)))"
  }
}
