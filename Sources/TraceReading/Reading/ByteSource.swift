import Foundation

/// Where a trace's bytes come from: a file, standard input, or memory.
public protocol ByteSource: AnyObject {
  /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at the end of the input.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Why a trace could not be read at all (as opposed to an `IngestIssue` about its content).
public enum TraceReadError: Error, Equatable, CustomStringConvertible {
  case cannotOpen(path: String, reason: String)
  case readFailed(path: String, reason: String)
  case notAFile(path: String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "\(path): error: cannot open the file: \(reason)"
    case .readFailed(let path, let reason): "\(path): error: reading failed: \(reason)"
    case .notAFile(let path): "\(path): error: not a regular file"
    }
  }
}

/// A file read with POSIX `read`, or standard input when the path is `-`.
public final class FileByteSource: ByteSource {
  /// The path as given (`-` for standard input).
  public let path: String
  /// The file's size in bytes, when it is a regular file.
  public let size: Int?
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  /// Opens the file at `path`, or standard input for `-`.
  /// - Throws: ``TraceReadError`` when the file cannot be opened or is a directory.
  public init(path: String) throws {
    self.path = path
    if path == "-" {
      descriptor = 0
      ownsDescriptor = false
      size = nil
      return
    }
    let fd = LongPath.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw TraceReadError.cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw TraceReadError.cannotOpen(path: path, reason: reason)
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw TraceReadError.notAFile(path: path)
    }
    descriptor = fd
    ownsDescriptor = true
    size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at the end of the input.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw TraceReadError.readFailed(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

/// Bytes held in memory, handed out in pieces of at most `chunkSize` (tests use small pieces
/// to exercise every buffer boundary).
public final class MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0
  private let chunkSize: Int

  /// A source of `bytes`, handed out `chunkSize` at a time.
  public init(_ bytes: [UInt8], chunkSize: Int = 1 << 16) {
    self.bytes = bytes
    self.chunkSize = max(1, chunkSize)
  }

  /// Copies the next bytes, at most `chunkSize` of them, into `buffer`; returns 0 at the end.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = min(buffer.count, chunkSize, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}
