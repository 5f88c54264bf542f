import Foundation
import TraceIngest
import TraceModel
import TraceReading
import TraceStore

/// A value shared between threads, behind a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try body(&value) }
  }
}

/// A value handed to another thread that uses it while this one waits (so never at once).
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}

/// A file's items, then a read error after `failingAfter` of them (a disk that fails midway).
final class FailingSource: IngestItemSource {
  private let decoding: TraceDecoding
  private var left: Int

  init(path: String, failingAfter count: Int) throws {
    decoding = try TraceDecoding(path: path, rules: nil)
    left = count
  }

  func next() throws -> IngestItem? {
    left -= 1
    if left < 0 { throw TraceReadError.readFailed(path: decoding.path, reason: "Input/output error") }
    return try decoding.next()
  }

  var record: UnsafeRawBufferPointer { decoding.record }
  var end: DecodedTraceEnd? { decoding.end }
  var bytesRead: Int { decoding.bytesRead }
  func cancel() { decoding.cancel() }
}
