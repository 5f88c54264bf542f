import Crypto
import Foundation
import TraceModel
import TraceReading

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

}

/// A source that hashes what passes through it: a trace is hashed while it is read, in one
/// pass, whether it is a file, a pipe or standard input (none of which is read twice).
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
