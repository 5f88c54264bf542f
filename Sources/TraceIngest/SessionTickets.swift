import Foundation
import Replay
import TraceModel
import TraceStore

/// The sessions of a `check --db` shared between the lanes that replay them
/// (``StoredReplayLanes``), and their outcomes handed back to the caller in catalog order.
///
/// Lane 0 lists the sessions in its snapshot (the catalog); every lane then takes the next
/// session not taken. A lane reading another snapshot (opened a moment later) reads a session
/// only where that snapshot holds it as the catalog does, and hands it back to lane 0 otherwise
/// (a file replaced meanwhile). No lane takes a session more than ``window`` ahead of the one
/// the caller waits for, so the outcomes waiting stay bounded whatever the number of sessions.
final class SessionTickets: @unchecked Sendable {
  /// What lane 0 found when it opened its snapshot.
  struct Catalog: Sendable {
    var notes: [String]
    var sessions: [StoredSession]
    var damage: [Int64: [IngestIssue]]
  }

  /// What a session's replay gave.
  struct Outcome: @unchecked Sendable {
    /// Events replayed (0 when its header is not a session header).
    var events: Int
    /// Its findings in line order; nil when it was not replayed. Handed over once complete.
    var findings: SessionFindings?
  }

  /// How far ahead of the caller a lane may take sessions.
  let window: Int
  private let condition = NSCondition()
  private var catalog: Catalog?
  /// The first session not yet taken.
  private var next = 0
  /// The first session whose outcome the caller has not taken.
  private var delivered = 0
  /// Sessions other lanes took and have not yet found held, or handed back.
  private var unsettled = 0
  /// Sessions handed back, for lane 0.
  private var handedBack: [Int] = []
  private var outcomes: [Int: Outcome] = [:]
  private var mostWaiting = 0
  private var failure: Error?
  private var cancelled = false

  init(window: Int) {
    self.window = window
  }

  // MARK: The lanes' side

  /// Lane 0's catalog, which lets every lane start.
  func publish(_ catalog: Catalog) {
    locked { self.catalog = catalog }
  }

  /// The next session for lane `lane`, nil once there is none left for it (or the run
  /// stopped). Waits for the catalog, and while the caller is ``window`` sessions behind. Lane
  /// 0 also waits, at the end, for the sessions other lanes may still hand back.
  func take(lane: Int) -> (index: Int, session: StoredSession)? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if cancelled || failure != nil { return nil }
      if let catalog {
        if lane == 0, !handedBack.isEmpty {
          let index = handedBack.removeFirst()
          return (index, catalog.sessions[index])
        }
        if next < catalog.sessions.count, next < delivered + window {
          next += 1
          if lane != 0 { unsettled += 1 }
          return (next - 1, catalog.sessions[next - 1])
        }
        if next == catalog.sessions.count, lane != 0 || unsettled == 0 { return nil }
      }
      condition.wait()
    }
  }

  /// A lane other than 0 found session `index`, the last it took, held by its snapshot (`held`),
  /// or hands it back to lane 0.
  func settle(_ index: Int, held: Bool) {
    locked {
      unsettled -= 1
      if !held { handedBack.append(index) }
    }
  }

  /// The catalog's session `index` (one a lane took).
  func session(at index: Int) -> StoredSession {
    condition.lock()
    defer { condition.unlock() }
    return catalog!.sessions[index]
  }

  /// Session `index` was replayed.
  func post(_ index: Int, _ outcome: Outcome) {
    locked {
      outcomes[index] = outcome
      mostWaiting = max(mostWaiting, outcomes.count)
    }
  }

  /// The most outcomes that waited for the caller at once (tests: the window bounds it).
  var mostOutcomesWaiting: Int {
    condition.lock()
    defer { condition.unlock() }
    return mostWaiting
  }

  /// Stops the run: what ``catalog()`` and ``outcome(of:)`` wait for throws `error` (the first
  /// one a lane ran into).
  func fail(_ error: Error) {
    locked { if failure == nil { failure = error } }
  }

  // MARK: The caller's side

  /// Lane 0's catalog, once it is read.
  /// - Throws: what a lane ran into.
  func awaitCatalog() throws -> Catalog {
    try awaitValue { catalog }
  }

  /// The outcome of session `index`, once replayed; lets the lanes take one session more.
  /// Asked in catalog order.
  /// - Throws: what a lane ran into.
  func outcome(of index: Int) throws -> Outcome {
    let outcome = try awaitValue { outcomes.removeValue(forKey: index) }
    locked { delivered = index + 1 }
    return outcome
  }

  /// Stops every lane: their waits end and they take no more sessions.
  func cancel() {
    locked { cancelled = true }
  }

  var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  private func awaitValue<Value>(_ value: () -> Value?) throws -> Value {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let failure { throw failure }
      if let value = value() { return value }
      condition.wait()
    }
  }

  private func locked(_ change: () -> Void) {
    condition.lock()
    change()
    condition.broadcast()
    condition.unlock()
  }
}
