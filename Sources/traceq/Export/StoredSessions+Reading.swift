import Replay
import TraceModel
import TraceStore

extension StoredSessions {
  /// Decodes one session as `check` decodes a file: its header (skipped with its events unless
  /// it is the format version the model replays), then each event in line order. Returns the
  /// event count.
  func read(
    _ session: StoredSession, header: (SessionHeader, SessionSymbols) -> Void, event: (TraceEvent) -> Void
  ) throws -> Int {
    let decoder = RecordDecoder()
    var text = session.header
    let decoded = text.withUTF8 {
      decoder.decode(RawLine(number: session.firstLine, bytes: UnsafeRawBufferPointer($0)))
    }
    guard case .session(let parsed, _, let symbols)? = decoded, parsed.version == SessionDriver.replayedVersion else {
      return 0
    }
    header(parsed, symbols)
    var events = 0
    try forEachRecord(of: session) { line in
      if case .event(let decoded)? = decoder.decode(line) {
        events += 1
        event(decoded)
      }
    }
    return events
  }
}
