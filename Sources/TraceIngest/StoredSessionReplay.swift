import Replay
import TraceModel
import TraceReading
import TraceStore

/// The replay of one stored session: a ``SessionDriver`` fed its records decoded exactly as
/// `check` decodes a file (the header, then each event record), so that `check --db`, `export
/// --db` and `report --db` see what `check`, `export` and `report` see in the file.
package struct StoredSessionReplay<Observer: SessionObserver> {
  private let decoder = RecordDecoder()
  private let driver: SessionDriver
  private let observer: Observer

  /// Starts the replay of `session`; nil when its stored header is not a session header.
  /// - Parameters:
  ///   - recyclesIDs, findingsInMemory: as
  ///     ``SessionDriver/init(rules:sessionsBefore:replays:recyclesIDs:findingsInMemory:)``.
  package init?(
    _ session: StoredSession, rules: RuleSet, recyclesIDs: Bool = false,
    findingsInMemory: Int = SessionFindings.windowCapacity, to observer: Observer
  ) {
    var header = session.header
    let decoder = decoder
    let decoded = header.withUTF8 {
      decoder.decode(RawLine(number: session.firstLine, bytes: UnsafeRawBufferPointer($0)))
    }
    guard let decoded, case .session = decoded else { return nil }
    driver = SessionDriver(
      rules: rules, sessionsBefore: session.ordinal - 1, recyclesIDs: recyclesIDs, findingsInMemory: findingsInMemory)
    self.observer = observer
    driver.take(decoded, to: observer)
  }

  /// Replays the session's next event record.
  @inline(__always)
  package func take(_ record: RawLine) {
    if let item = decoder.decode(record), case .event = item { driver.take(item, to: observer) }
  }

  /// Ends the session; returns what the driver saw.
  package func finish(cutShort: Bool) -> SessionDriver.Summary {
    driver.finish(cutShort: cutShort, to: observer)
    return driver.summary
  }
}

extension StoredSessionReader {
  /// Replays `session` to `observer` (see ``StoredSessionReplay``); returns what the driver saw,
  /// nil when the stored header is not a session header.
  package func replay(
    _ session: StoredSession, rules: RuleSet, recyclesIDs: Bool = false, to observer: some SessionObserver
  ) throws -> SessionDriver.Summary? {
    guard let replay = StoredSessionReplay(session, rules: rules, recyclesIDs: recyclesIDs, to: observer) else {
      return nil
    }
    try forEachRecordToDecode(of: session) { replay.take($0) }
    return replay.finish(cutShort: session.cutShort)
  }
}
