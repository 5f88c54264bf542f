/// The command line of `traceq-bench fidelity`.
struct FidelityOptions: Equatable {
  var events = 1_000_000
  var seed: UInt64 = 1
  /// Sessions; by default one per 5,000 events.
  var sessions: Int { explicitSessions ?? max(1, events / 5_000) }
  var explicitSessions: Int?
  /// Injected misuse per event.
  var misuse = 0.002
  /// Where to keep the simulated trace and its ground truth (default: removed at the end).
  var keep: String?
  /// Groups of extra and missed findings shown.
  var examples = 8

  static let usage = """
    usage: traceq-bench fidelity [options]   (swift run -c release traceq-bench fidelity)
      --events N       simulated events, e.g. 2M or 200k (default 1M)
      --seed N         the simulation's seed (default 1)
      --sessions N     app launches (default: one per 5,000 events)
      --misuse RATE    injected misuse per event, 0 to 0.02 (default 0.002)
      --keep DIR       keep the trace and its ground truth in DIR
      --examples N     groups of extra and missed findings to show (default 8)
    """

  /// Parses `arguments` (after `fidelity`).
  init(_ arguments: [String]) throws {
    var options = OptionArguments(arguments, usage: Self.usage)
    while let option = options.next() {
      switch option {
      case "--events": events = try BenchOptions.count(try options.value(of: option))
      case "--seed": seed = UInt64(try BenchOptions.count(try options.value(of: option)))
      case "--sessions": explicitSessions = try BenchOptions.count(try options.value(of: option))
      case "--misuse":
        let text = try options.value(of: option)
        guard let rate = Double(text), (0...0.02).contains(rate) else {
          throw BenchError("--misuse must be a rate from 0 to 0.02, not \(text)")
        }
        misuse = rate
      case "--keep": keep = try options.value(of: option)
      case "--examples": examples = try BenchOptions.count(try options.value(of: option))
      default: throw options.unknown(option)
      }
    }
    if sessions > events { throw BenchError("--sessions cannot exceed --events") }
  }
}
