import Replay
import TraceModel
import TraceStore

extension StoredSessions {
  /// Drives one stored session through a ``SessionDriver`` to `observer`, its records decoded
  /// exactly as `check` decodes a file (the header, then each event record), so that `check
  /// --db`, `export --db` and `report --db` see what `check`, `export` and `report` see in the
  /// file. Returns what the driver saw; nil when the stored header is not a session header.
  /// - Parameter recyclesIDs: as ``SessionDriver/init(rules:sessionsBefore:replays:recyclesIDs:)``.
  func replay(
    _ session: StoredSession, rules: RuleSet, recyclesIDs: Bool = false, to observer: some SessionObserver
  ) throws -> SessionDriver.Summary? {
    let decoder = RecordDecoder()
    var header = session.header
    let decoded = header.withUTF8 {
      decoder.decode(RawLine(number: session.firstLine, bytes: UnsafeRawBufferPointer($0)))
    }
    guard let decoded, case .session = decoded else { return nil }
    let driver = SessionDriver(rules: rules, sessionsBefore: session.ordinal - 1, recyclesIDs: recyclesIDs)
    driver.take(decoded, to: observer)
    try forEachRecord(of: session) { line in
      if let item = decoder.decode(line), case .event = item { driver.take(item, to: observer) }
    }
    driver.finish(cutShort: session.cutShort, to: observer)
    return driver.summary
  }
}
