import Foundation
import Replay
import TraceModel
import TraceStore

/// `check --db`'s replay on several cores: stored sessions are independent, and a store reads
/// any of them at any time (a file is read from its start to its end), so each lane has a
/// snapshot of its own, a thread reading it ahead (``StoredRecordsPipe``) and a thread replaying
/// what it read; the lanes take the sessions in turn (``SessionTickets``) and the caller gets
/// each session's outcome in catalog order.
final class StoredReplayLanes {
  private let tickets: SessionTickets
  private let pipes: [StoredRecordsPipe]

  /// Starts `count` lanes (at least one) replaying the sessions of `store` whose file `keeps`
  /// keeps with `rules`.
  init(store: any TraceStoreBackend, rules: RuleSet, lanes count: Int, keeps: @escaping (_ path: String) -> Bool) {
    let count = max(count, 1)
    // Four sessions a lane: with two, the lanes waited while the caller stored findings (1 M
    // events on 2 lanes: 0.49 s against 0.45 s).
    let tickets = SessionTickets(window: 4 * count)
    self.tickets = tickets
    pipes = (0..<count).map { lane in
      StoredRecordsPipe(store: store, plan: .lane(lane, tickets, keeps: keeps))
    }
    // Each lane's sessions keep a share of one session's findings in memory (the rest wait in a
    // temporary file), so that the findings in memory do not grow with the lanes.
    let findingsInMemory = Self.findingsInMemory(lanes: count)
    for pipe in pipes {
      let thread = Thread {
        Self.replay(pipe, rules: rules, findingsInMemory: findingsInMemory, tickets: tickets)
      }
      // The replay thread does what `check` does on the main thread.
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  deinit { stop() }

  /// What lane 0 found when it opened its snapshot.
  /// - Throws: what a lane ran into.
  func catalog() throws -> SessionTickets.Catalog {
    try tickets.awaitCatalog()
  }

  /// The outcome of the catalog's session `index`, once replayed; asked in catalog order.
  /// - Throws: what a lane ran into.
  func outcome(of index: Int) throws -> SessionTickets.Outcome {
    try tickets.outcome(of: index)
  }

  /// How many of a session's findings wait in memory on `lanes` lanes: those replayed and
  /// those waiting for the caller (five sessions a lane) keep what one lane's would.
  static func findingsInMemory(lanes: Int) -> Int {
    SessionFindings.windowCapacity / lanes
  }

  /// How far the lanes may run ahead of the caller, in sessions.
  var window: Int { tickets.window }

  /// The most sessions' outcomes that waited for the caller at once.
  var mostOutcomesWaiting: Int { tickets.mostOutcomesWaiting }

  /// Stops every lane (their threads end soon after).
  func stop() {
    tickets.cancel()
    for pipe in pipes { pipe.cancel() }
  }

  /// Replays what `pipe` reads, session by session, and posts each outcome to `tickets`.
  private static func replay(
    _ pipe: StoredRecordsPipe, rules: RuleSet, findingsInMemory: Int, tickets: SessionTickets
  ) {
    let lane = LaneReplay(rules: rules, findingsInMemory: findingsInMemory, tickets: tickets)
    do {
      while let message = try pipe.next() { lane.take(message) }
    } catch {
      tickets.fail(error)
    }
  }
}

/// A lane's replay: the sessions it reads, one after another, each outcome posted to the tickets.
private final class LaneReplay {
  private let rules: RuleSet
  private let findingsInMemory: Int
  private let tickets: SessionTickets
  private var current:
    (index: Int, session: StoredSession, replay: StoredSessionReplay<CollectedFindings>?, found: CollectedFindings)?

  init(rules: RuleSet, findingsInMemory: Int, tickets: SessionTickets) {
    self.rules = rules
    self.findingsInMemory = findingsInMemory
    self.tickets = tickets
  }

  /// Replays what the lane's reading hands on.
  func take(_ message: StoredRecordsPipe.Message) {
    switch message {
    case .session(let index):
      let session = tickets.session(at: index)
      let found = CollectedFindings()
      let replay = StoredSessionReplay(
        session, rules: rules, recyclesIDs: true, findingsInMemory: findingsInMemory, to: found)
      current = (index, session, replay, found)
    case .records(let batch):
      if let replay = current?.replay { batch.forEachToDecode { replay.take($0) } }
    case .sessionEnd:
      guard let (index, session, replay, found) = current else { return }
      let events = replay?.finish(cutShort: session.cutShort).events ?? 0
      tickets.post(index, SessionTickets.Outcome(events: events, findings: found.findings))
      current = nil
    case .note, .catalog:
      return
    }
  }
}

/// The findings of the session a driver ended, in line order.
private final class CollectedFindings: SessionObserver {
  var findings: SessionFindings?

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) { self.findings = findings }
}
