import TraceModel
import TraceReading

/// Long sessions of a Homepwner-, a Mail- and a Reader-style app, played on a simulation of
/// UIKit and written as a trace (docs/trace-format.md), with misuse injected at a rate. The
/// ground truth is the simulation's own: the lines where UIKit refused, threw or logged, or
/// the app broke a rule traceq checks, as decided by the simulated UIKit — never by traceq's
/// Replay. It is a TSV file with a header row, one row per finding `traceq check` must report:
///
///     line	session	rule
///     1843	3	already-presenting
///
/// The same settings give the same bytes; memory stays the same whatever the size.
public struct SimulatedTraces: Sendable {
  public struct Settings: Sendable {
    public var events: Int
    public var sessions: Int
    public var seed: UInt64
    /// Injected misuse per event (0.002: about two per thousand events).
    public var misuseRate: Double
    public var compression: Compression
    /// zlib's compression level.
    public var level: Int32

    public init(
      events: Int, sessions: Int, seed: UInt64 = 1, misuseRate: Double = 0.002, compression: Compression = .gzip,
      level: Int32 = 6
    ) {
      self.events = events
      self.sessions = sessions
      self.seed = seed
      self.misuseRate = misuseRate
      self.compression = compression
      self.level = level
    }
  }

  /// What was written.
  public struct Summary: Equatable, Sendable {
    public var events = 0
    public var sessions = 0
    public var lines = 0
    /// Rows of the ground truth.
    public var verdicts = 0
    /// Misuse the apps committed.
    public var misuse = 0
    /// Sessions that ended with an exception.
    public var crashes = 0
    /// Callbacks UIKit itself sent in a state that does not allow them (a fault of the
    /// simulator unless misuse led there; zero without misuse).
    public var uikitBreaches = 0
    public var bytes = 0

    public init() {}
  }

  public let settings: Settings

  public init(settings: Settings) { self.settings = settings }

  /// Writes the trace to `sink` and the ground truth to `truth`, both in pieces.
  public func write(
    to sink: @escaping (UnsafeRawBufferPointer) throws -> Void, truth: @escaping ([UInt8]) throws -> Void = { _ in }
  ) throws -> Summary {
    var random = SimRandom(seed: settings.seed)
    var summary = Summary()
    let counter = ByteCounter()
    let writer = CompressingWriter(compression: settings.compression, level: settings.level) { bytes in
      counter.bytes += bytes.count
      try sink(bytes)
    }
    try truth(Array("line\tsession\trule\n".utf8))
    let apps = DeviceSetup.AppKind.allCases
    for index in 0..<settings.sessions {
      let eventsLeft = settings.events - summary.events
      let budget = eventsLeft / (settings.sessions - index)
      let setup = DeviceSetup.random(apps[(index + Int(settings.seed % 3)) % apps.count], &random)
      var session = SimulatedSession(
        setup: setup, firstLine: summary.lines + 1, budget: max(budget, 1),
        misuseRate: settings.misuseRate, random: SimRandom(seed: random.seed()))
      let outcome = try session.run { try $0.withUnsafeBytes { try writer.write($0) } }
      let rows = outcome.truth.map { "\($0.line)\t\(index + 1)\t\($0.rule.rawValue)\n" }.joined()
      try truth(Array(rows.utf8))
      summary.events += outcome.events
      summary.lines = outcome.lastLine
      summary.sessions += 1
      summary.verdicts += outcome.truth.count
      summary.misuse += outcome.misuse
      summary.crashes += outcome.crashed ? 1 : 0
      summary.uikitBreaches += outcome.uikitBreaches
    }
    try writer.finish()
    summary.bytes = counter.bytes
    return summary
  }

  private final class ByteCounter {
    var bytes = 0
  }
}
