import TraceModel
import TraceStore

/// The stored sessions and their records, read ahead from a snapshot of a store by a
/// ``StoredRecordsPipe``, taken one trace file at a time in the store's order (by trace id).
final class StoredRecordsCursor {
  /// What comes next of a file: one of its sessions starts, or records of that session.
  enum Step {
    case session(StoredSession)
    case records(any StoredRecordBatch)
  }

  /// The store read, as the user named it.
  let location: String
  private let pipe: StoredRecordsPipe
  private var sessions: [StoredSession] = []
  /// The trace of the last session read: records that follow are of it.
  private var current: Int64?
  private var held: StoredRecordsPipe.Message?

  /// Starts reading the sessions of the files of `store` whose path `keeps` keeps; passes what the
  /// user should know about how it was opened to `note`.
  init(store: any TraceStoreBackend, keeps: @escaping (_ path: String) -> Bool, note: (String) -> Void) throws {
    location = store.location
    pipe = StoredRecordsPipe(store: store, keeps: keeps)
    while let message = try pipe.next() {
      if case .note(let text) = message { note(text) }
      if case .catalog(let catalog, _) = message {
        sessions = catalog
        break
      }
    }
  }

  /// The next step of the trace `traceID`, nil once its sessions are all read. Sessions of
  /// earlier traces not asked for are passed over.
  func next(of traceID: Int64) throws -> Step? {
    while let message = try held ?? pipe.next() {
      held = nil
      switch message {
      case .note, .catalog, .sessionEnd: continue
      case .session(let index):
        let session = sessions[index]
        guard session.traceID <= traceID else {
          held = message
          return nil
        }
        current = session.traceID
        if session.traceID == traceID { return .session(session) }
      case .records(let batch):
        if current == traceID { return .records(batch) }
      }
    }
    return nil
  }
}
