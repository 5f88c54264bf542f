import Foundation
import TraceModel
import TraceStore
import TraceSupport

/// Reads the records of the stored sessions on a thread of its own, in a snapshot of the store,
/// and hands them over in batches through a `BoundedChannel` bounded in bytes: reading runs
/// ahead of the replay while the bytes in flight stay under ``bytesAhead`` plus a batch.
final class StoredRecordsPipe: @unchecked Sendable {
  /// What the reading thread hands over, in order: the catalog first, then the records.
  enum Message {
    /// The sessions to replay, in order, and the damage found in their files.
    case catalog([StoredSession], damage: [Int64: [IngestIssue]])
    /// The session at this index of the catalog starts: the records that follow are its own.
    case session(Int)
    /// Records of the current session, to be made into text on the replay thread.
    case records(any StoredRecordBatch)
    /// What the user should know about how the store was opened.
    case note(String)
  }

  /// The bytes of the batches waiting for the replay.
  static let bytesAhead = 1 << 20
  /// A batch is handed over once its rows reach this many bytes.
  static let batchBytes = 1 << 17

  private let channel: BoundedChannel<Message, Result<Void, Error>>

  /// Starts reading the sessions of `store` whose file `keeps` keeps (asked on the reading thread
  /// only).
  init(store: any TraceStoreBackend, keeps: @escaping (_ path: String) -> Bool) {
    let channel = BoundedChannel<Message, Result<Void, Error>>(
      capacity: Self.bytesAhead,
      cost: { message in if case .records(let batch) = message { batch.byteCount } else { 1 } })
    self.channel = channel
    let keeps = ReadingThreadOnly(keeps)
    let thread = Thread {
      do {
        try Self.read(store, keeps: keeps.value, into: channel)
        channel.close(.success(()))
      } catch {
        channel.close(.failure(error))
      }
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  deinit { channel.cancel() }

  /// The next message, or nil once every record was read.
  /// - Throws: what reading the store threw.
  func next() throws -> Message? {
    switch channel.receive() {
    case .value(let message): return message
    case .end(let result):
      try result.get()
      return nil
    }
  }

  private struct Cancelled: Error {}

  private static func read(
    _ store: any TraceStoreBackend, keeps: (String) -> Bool, into channel: BoundedChannel<Message, Result<Void, Error>>
  ) throws {
    var notes: [String] = []
    try store.readSessions(note: { notes.append($0) }) { reader in
      for note in notes { channel.send(.note(note)) }
      let sessions = try reader.sessions().filter { keeps($0.path) }
      guard channel.send(.catalog(sessions, damage: try reader.damage())) else { throw Cancelled() }
      for (index, session) in sessions.enumerated() {
        guard channel.send(.session(index)) else { throw Cancelled() }
        try reader.readRecords(of: session, batchBytes: batchBytes) { batch in
          guard channel.send(.records(batch)) else { throw Cancelled() }
        }
      }
    }
  }
}

/// A value only the reading thread uses once it has started (so never two threads at once).
private struct ReadingThreadOnly<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}
