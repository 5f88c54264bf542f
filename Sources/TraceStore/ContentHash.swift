import Crypto
import Foundation
import TraceModel

/// SHA-256 of a trace's bytes, as stored in `traces.sha256`: what makes re-ingesting the
/// same file a no-op.
package struct ContentHash {
  private var hasher = SHA256()
  package private(set) var byteCount = 0

  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    hasher.update(bufferPointer: bytes)
    byteCount += bytes.count
  }

  /// The lowercase hex digest.
  package func finalize() -> String {
    hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }

  /// The digest and size of the file at `path`, read in large pieces.
  package static func ofFile(_ path: String) throws -> (sha256: String, size: Int) {
    let source = try FileByteSource(path: path)
    var hash = ContentHash()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = try source.read(into: buffer)
      if count == 0 { break }
      hash.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
    return (hash.finalize(), hash.byteCount)
  }
}

/// A source that hashes what passes through it (for standard input, which cannot be read twice).
package final class HashingByteSource: ByteSource {
  private let base: ByteSource
  package private(set) var hash = ContentHash()

  package init(_ base: ByteSource) { self.base = base }

  package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let count = try base.read(into: buffer)
    hash.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    return count
  }
}
