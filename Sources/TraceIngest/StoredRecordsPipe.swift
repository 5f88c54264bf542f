import Foundation
import TraceModel
import TraceStore

/// Reads the records of the stored sessions on a thread of its own, in a snapshot of the store,
/// and hands them over in batches through a ``BoundedChannel`` bounded in bytes: reading runs
/// ahead of the replay while the bytes in flight stay under ``bytesAhead`` plus a batch.
final class StoredRecordsPipe: @unchecked Sendable {
  /// What the reading thread hands over, in order: the catalog first, then the records.
  enum Message {
    /// The sessions to replay, in order, and the damage found in their files.
    case catalog([StoredSession], damage: [Int64: [IngestIssue]])
    /// Records of the sessions, each session's after its start.
    case records(RecordBatch)
    /// What the user should know about how the store was opened.
    case note(String)
  }

  /// The bytes of the batches waiting for the replay.
  static let bytesAhead = 1 << 20
  /// A batch is handed over once its records reach this many bytes.
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
      var batch = RecordBatch()
      for (index, session) in sessions.enumerated() {
        batch.startSession(index)
        try reader.forEachRecord(of: session) { line in
          batch.append(line)
          guard batch.byteCount >= batchBytes else { return }
          guard channel.send(.records(batch)) else { throw Cancelled() }
          batch = RecordBatch()
        }
      }
      channel.send(.records(batch))
    }
  }
}

/// A value only the reading thread uses once it has started (so never two threads at once).
private struct ReadingThreadOnly<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) { self.value = value }
}

/// Records of stored sessions, one after another in one buffer, with the start of each session.
struct RecordBatch {
  enum Entry {
    /// The session at this index of the catalog starts.
    case session(Int)
    /// An event record of the current session.
    case record(RawLine)
  }

  private var entries: [(line: Int, bytes: Range<Int>)] = []
  private var bytes: [UInt8] = []

  init() {
    bytes.reserveCapacity(StoredRecordsPipe.batchBytes + 4096)
  }

  var byteCount: Int { bytes.count + entries.count * 16 }

  /// A session start is an entry without bytes and a negative line: -1 - its index.
  mutating func startSession(_ index: Int) {
    entries.append((-1 - index, 0..<0))
  }

  mutating func append(_ line: RawLine) {
    let start = bytes.count
    bytes.append(contentsOf: line.bytes)
    entries.append((line.number, start..<bytes.count))
  }

  /// Calls `body` with each entry in order; a record's bytes are valid during the call.
  func forEach(_ body: (Entry) throws -> Void) rethrows {
    try bytes.withUnsafeBytes { buffer in
      for entry in entries {
        if entry.line < 0 {
          try body(.session(-1 - entry.line))
        } else {
          try body(.record(RawLine(number: entry.line, bytes: UnsafeRawBufferPointer(rebasing: buffer[entry.bytes]))))
        }
      }
    }
  }
}
