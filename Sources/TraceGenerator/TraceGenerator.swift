// TraceGenerator is an independent oracle, on purpose: its orientation and presentation logic is
// written again here, independently of Replay's model, so that a clean trace replaying clean and
// each injected anomaly being reported where the ground truth says are evidence from two
// implementations. Only the rule catalog's facts about each anomaly kind (rule id, whether UIKit
// throws, whether it is reported at the session's end) come from Replay (`RuleFacts`).

/// Writes a synthetic trace, deterministic for a seed: `sessions` sessions of `events` events
/// in all, on the profiles of ``SessionProfile/table()``, with anomalies injected at about
/// `anomalyRate` per event and listed in a ``GroundTruth``. Memory stays the same whatever
/// the size: one session's screen and one step's lines at a time.
public struct TraceGenerator: Sendable {
  public struct Settings: Sendable {
    public var events: Int
    public var sessions: Int
    public var seed: UInt64 = 1
    /// Injected anomalies per event (0.001: one per thousand events).
    public var anomalyRate: Double = 0
    public var compression: GeneratedCompression = .gzip
    /// With multi-gzip compression: sessions per gzip member.
    public var sessionsPerMember = 1
    /// zlib's compression level.
    public var level: Int32 = 6

    public init(
      events: Int, sessions: Int, seed: UInt64 = 1, anomalyRate: Double = 0, compression: GeneratedCompression = .gzip,
      sessionsPerMember: Int = 1, level: Int32 = 6
    ) {
      self.events = events
      self.sessions = sessions
      self.seed = seed
      self.anomalyRate = anomalyRate
      self.compression = compression
      self.sessionsPerMember = sessionsPerMember
      self.level = level
    }
  }

  /// What was written.
  public struct Summary: Equatable, Sendable {
    public var events = 0
    public var sessions = 0
    public var lines = 0
    /// Rows of the ground truth (findings `traceq check` must report).
    public var anomalies = 0
    public var bytes = 0

    public init() {}
  }

  /// The fewest events a session can have (its launch and a little use).
  public static let minimumEventsPerSession = 50

  public let settings: Settings

  public init(settings: Settings) { self.settings = settings }

  /// Writes the trace to `sink` (in pieces) and the ground truth to `truth`.
  public func write(
    to sink: @escaping (UnsafeRawBufferPointer) throws -> Void, truth: @escaping ([UInt8]) throws -> Void = { _ in }
  ) throws -> Summary {
    var random = SeededRandom(seed: settings.seed)
    let profiles = SessionProfile.table()
    let firstProfile = random.below(profiles.count)
    var planner = AnomalyPlanner(random: &random)
    let output = TraceOutput(
      compression: settings.compression, level: settings.level, sessionsPerMember: settings.sessionsPerMember,
      sink: sink)
    var groundTruth = GroundTruth(sink: truth)
    var summary = Summary()
    var eventsLeft = settings.events
    var anomaliesLeft = Int((settings.anomalyRate * Double(settings.events)).rounded())
    for index in 0..<settings.sessions {
      let budget = sessionBudget(eventsLeft: eventsLeft, sessionsLeft: settings.sessions - index, random: &random)
      let profile = profiles[(firstProfile + index) % profiles.count]
      let layout = random.pick(profile.layouts)
      let share = min(
        SessionScript.capacity(budget: budget), (anomaliesLeft * budget + eventsLeft / 2) / max(eventsLeft, 1))
      let kinds = planner.kinds(share, for: profile, layout)
      anomaliesLeft -= kinds.count
      let session = index + 1
      try output.startSession()
      let script = SessionScript(
        profile: profile, layout: layout, budget: budget, anomalies: kinds, random: SeededRandom(seed: random.next())
      ) { block in
        let first = try output.write(block)
        for (line, kind) in block.expected {
          try groundTruth.record(line: first + line, session: session, rule: kind)
        }
      }
      try script.run()
      eventsLeft -= script.written
      summary.events += script.written
      summary.sessions += 1
    }
    try output.finish()
    try groundTruth.flush()
    summary.lines = output.lines
    summary.anomalies = groundTruth.count
    summary.bytes = output.bytesOut
    return summary
  }

  /// Events for the next session: the mean of what is left, give or take half, leaving the
  /// sessions after it their minimum.
  private func sessionBudget(eventsLeft: Int, sessionsLeft: Int, random: inout SeededRandom) -> Int {
    guard sessionsLeft > 1 else { return eventsLeft }
    let mean = eventsLeft / sessionsLeft
    let wanted = mean / 2 + random.below(mean + 1)
    let most = eventsLeft - (sessionsLeft - 1) * Self.minimumEventsPerSession
    return max(Self.minimumEventsPerSession, min(wanted, most))
  }
}
