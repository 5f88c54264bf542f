/// Every case run on one input, round after round, the order reversed every other round
/// (A B C, C B A, A B C…): two cases of a round ran minutes apart at most, which makes their
/// ratio hold even while the machine's speed drifts.
struct Rounds {
  /// The runs of each case, one per round; nil where the run failed.
  private(set) var runs: [BenchCase.Name: [ChildRun?]] = [:]
  /// What failed, for the notes.
  private(set) var failures: [String] = []

  init(_ cases: [BenchCase], on input: Input, pairs: Int, logs: String) throws {
    for round in 0..<pairs {
      for benchCase in round.isMultiple(of: 2) ? cases : cases.reversed() {
        let invocation = benchCase.invocation(input)
        try invocation.prepare()
        let log = "\(logs)/\(benchCase.name.rawValue)-\(input.label).log"
        let run = try ChildProcess.run(
          invocation.arguments, environment: invocation.environment, input: invocation.input, log: log)
        let succeeded = invocation.success.contains(run.status)
        runs[benchCase.name, default: []].append(succeeded ? run : nil)
        Progress.say(
          "[\(input.label) round \(round + 1)/\(pairs)] \(benchCase.name.rawValue): "
            + (succeeded
              ? "\(Format.seconds(run.seconds)) s, \(Format.megabytes(run.peakRSS)) MB" : "failed (\(run.status))"))
        if !succeeded {
          failures.append(
            "\(benchCase.name.rawValue) (\(input.label)) exited with \(run.status): \(Files.firstLine(of: log))")
        }
      }
    }
  }

  /// The median time of a case's successful runs.
  func medianSeconds(_ name: BenchCase.Name) -> Double? {
    Format.median(runs[name, default: []].compactMap { $0?.seconds })
  }

  /// The largest peak RSS of a case's runs.
  func peakRSS(_ name: BenchCase.Name) -> Int? {
    runs[name, default: []].compactMap { $0?.peakRSS }.max()
  }

  /// How many times faster `name` is than `reference`: the median, over the rounds where both
  /// ran, of the reference's time over the case's.
  func speedRatio(_ name: BenchCase.Name, versus reference: BenchCase.Name) -> Double? {
    Self.pairedRatio(seconds(reference), over: seconds(name))
  }

  /// How many times `reference`'s time `name` takes (`check` takes 3.6× the time of
  /// `c-split`): the median, over the rounds where both ran, of the case's time over the
  /// reference's.
  func timeRatio(_ name: BenchCase.Name, versus reference: BenchCase.Name) -> Double? {
    Self.pairedRatio(seconds(name), over: seconds(reference))
  }

  /// Whether the last run of `name` succeeded (what it left behind is that run's).
  func lastRunSucceeded(_ name: BenchCase.Name) -> Bool { runs[name]?.last.map { $0 != nil } ?? false }

  private func seconds(_ name: BenchCase.Name) -> [Double?] { runs[name, default: []].map { $0?.seconds } }

  /// The median of `numerators[i] / denominators[i]` over the rounds `i` where both are known.
  static func pairedRatio(_ numerators: [Double?], over denominators: [Double?]) -> Double? {
    Format.median(
      zip(numerators, denominators).compactMap { numerator, denominator in
        guard let numerator, let denominator, denominator > 0 else { return nil }
        return numerator / denominator
      })
  }
}
