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
    /// Every record of the current session was sent.
    case sessionEnd
    /// What the user should know about how the store was opened.
    case note(String)
  }

  /// The bytes of the batches waiting for the replay.
  static let bytesAhead = 1 << 20
  /// A batch is handed over once its rows reach this many bytes.
  static let batchBytes = 1 << 17

  private let channel: BoundedChannel<Message, Result<Void, Error>>

  /// What a pipe reads.
  enum Plan {
    /// The catalog of the sessions whose file `keeps` keeps (asked on the reading thread only),
    /// then each of them.
    case all(keeps: (_ path: String) -> Bool)
    /// The sessions `tickets` gives lane `lane` (lane 0 lists them, keeping those whose file
    /// `keeps` keeps, and publishes the catalog to `tickets` rather than sending it).
    case lane(Int, SessionTickets, keeps: (_ path: String) -> Bool)
  }

  /// Starts reading the sessions of `store` whose file `keeps` keeps (asked on the reading thread
  /// only).
  convenience init(store: any TraceStoreBackend, keeps: @escaping (_ path: String) -> Bool) {
    self.init(store: store, plan: .all(keeps: keeps))
  }

  /// Starts reading what `plan` says in a snapshot of `store`.
  init(store: any TraceStoreBackend, plan: Plan) {
    let channel = BoundedChannel<Message, Result<Void, Error>>(
      capacity: Self.bytesAhead,
      cost: { message in if case .records(let batch) = message { batch.byteCount } else { 1 } })
    self.channel = channel
    let plan = ReadingThreadOnly(plan)
    let thread = Thread {
      do {
        try Self.read(store, plan.value) { channel.send($0) }
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

  /// Stops the reading thread: it ends at its next batch.
  func cancel() { channel.cancel() }

  private struct Cancelled: Error {}

  /// Reads what `plan` says in a snapshot of `store`, handing each message to `deliver`, which
  /// returns false when nothing more is wanted.
  private static func read(_ store: any TraceStoreBackend, _ plan: Plan, deliver: (Message) -> Bool) throws {
    var notes: [String] = []
    try store.readSessions(note: { notes.append($0) }) { reader in
      func send(_ message: Message) throws {
        guard deliver(message) else { throw Cancelled() }
      }
      func readSession(_ index: Int, _ session: StoredSession) throws {
        try send(.session(index))
        try reader.readRecords(of: session, batchBytes: batchBytes) { try send(.records($0)) }
        try send(.sessionEnd)
      }
      func catalog(keeps: (String) -> Bool) throws -> SessionTickets.Catalog {
        SessionTickets.Catalog(
          notes: notes, sessions: try reader.sessions().filter { keeps($0.path) }, damage: try reader.damage())
      }
      switch plan {
      case .all(let keeps):
        let catalog = try catalog(keeps: keeps)
        for note in catalog.notes { try send(.note(note)) }
        try send(.catalog(catalog.sessions, damage: catalog.damage))
        for (index, session) in catalog.sessions.enumerated() { try readSession(index, session) }
      case .lane(let lane, let tickets, let keeps):
        if lane == 0 { tickets.publish(try catalog(keeps: keeps)) }
        while let (index, session) = tickets.take(lane: lane) {
          if lane != 0 {
            let held = try reader.holds(session)
            tickets.settle(index, held: held)
            guard held else { continue }
          }
          try readSession(index, session)
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
