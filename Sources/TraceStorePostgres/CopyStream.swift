import Dispatch
import Foundation
import NIOCore
import PostgresNIO

/// A `COPY table (columns) FROM STDIN` in progress, fed from an ordinary thread: ``send(_:)``
/// hands a chunk of rows (COPY's text format) to the connection and returns at once, so that
/// the thread goes on making the next chunk while the server takes this one. At most
/// ``chunksInFlight`` chunks wait to be sent; ``finish()`` waits for the server's answer.
final class CopyStream: @unchecked Sendable {
  static let chunksInFlight = 4

  private let chunks: AsyncStream<ByteBuffer>.Continuation
  private let room = DispatchSemaphore(value: CopyStream.chunksInFlight)
  private let done = DispatchSemaphore(value: 0)
  private let outcome = ResultBox<Void>()
  /// Set (under `lock`) once the copy has ended, by success or failure.
  private var ended = false
  private let lock = NSLock()

  /// Starts the copy on `link`'s connection.
  init(_ link: PostgresLink, table: String, columns: [String]) {
    let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
    chunks = continuation
    let connection = link.connection
    let room = room
    startPostgresTask { [self] in
      do {
        try await connection.copyFrom(table: table, columns: columns, logger: PostgresLink.logger) { writer in
          for await chunk in stream {
            try await writer.write(chunk)
            room.signal()
          }
        }
        outcome.value = .success(())
      } catch {
        outcome.value = .failure(error)
      }
      lock.withLock { ended = true }
      // Wakes a sender waiting for room: it finds the copy ended.
      for _ in 0..<CopyStream.chunksInFlight { room.signal() }
      done.signal()
    }
  }

  /// Queues `bytes` (whole rows) to be sent.
  /// - Throws: ``PostgresFailure`` when the copy has failed already (the server refused a row).
  func send(_ bytes: [UInt8]) throws {
    room.wait()
    if lock.withLock({ ended }) {
      try finish()
      throw PostgresFailure(reason: "the copy ended early")
    }
    chunks.yield(ByteBuffer(bytes: bytes))
  }

  /// Ends the copy and waits for the server to take every row.
  /// - Throws: ``PostgresFailure`` when it refused one.
  func finish() throws {
    chunks.finish()
    done.wait()
    done.signal()  // a second call returns the same outcome
    do {
      try outcome.value!.get()
    } catch {
      throw PostgresFailure(error)
    }
  }
}
