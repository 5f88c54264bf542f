/// The command line of `traceq-bench`.
struct BenchOptions {
  /// Events in each generated input.
  var sizes = [1_000_000, 5_000_000]
  /// Rounds: each runs every case once; a pair ratio compares two cases of the same round.
  var pairs = 3
  /// The cases to run (all when empty).
  var cases: [String] = []
  /// Where inputs are generated and kept between runs; nil: a temporary directory.
  var inputs: String?
  /// The traceq binary; nil: the one built next to this benchmark.
  var traceq: String?
  /// The reference C program and the Python peers.
  var shared = "../shared/bench"
  var seed = 1
  /// The many-file set: how many files, and events in each.
  var many = ManyFiles(files: 200, eventsPerFile: 50_000)
  var listOnly = false

  static let usage = """
    usage: traceq-bench [options]            (swift run -c release --traits ISAL traceq-bench)
      --sizes LIST     events per generated input, e.g. 1M,5M (default) or 200k
      --pairs N        rounds of every case, alternating order; ratios are medians of the
                       per-round ratios (default 3)
      --cases LIST     only these cases (default: all; see --list)
      --inputs DIR     generate the inputs here and reuse them on later runs (default: a
                       temporary directory, removed at the end)
      --traceq PATH    the traceq binary (default: `swift build -c release --product traceq`,
                       next to this benchmark)
      --shared DIR     sqlite_ceiling.c and py_peers.py (default ../shared/bench)
      --seed N         the generator's seed (default 1)
      --many NxSIZE    the many-file cases: N files of SIZE events, e.g. 200x50k (default)
      --list           list the cases and exit
    traceq-bench recorder [N]                what TraceRecorder costs an app, over N events (1M)
    traceq-bench fidelity [options]          the replay's findings against UIKitSimulator's ground truth
                                             (traceq-bench fidelity --help)
    """

  /// Parses `arguments` (without the program name).
  init(_ arguments: [String]) throws {
    var options = OptionArguments(arguments, usage: Self.usage)
    while let option = options.next() {
      switch option {
      case "--sizes": sizes = try options.value(of: option).split(separator: ",").map { try Self.count(String($0)) }
      case "--pairs": pairs = try Self.count(try options.value(of: option))
      case "--cases": cases = try options.value(of: option).split(separator: ",").map(String.init)
      case "--inputs": inputs = try options.value(of: option)
      case "--traceq": traceq = try options.value(of: option)
      case "--shared": shared = try options.value(of: option)
      case "--seed": seed = try Self.count(try options.value(of: option))
      case "--many": many = try ManyFiles(try options.value(of: option))
      case "--list": listOnly = true
      default: throw options.unknown(option)
      }
    }
    if sizes.isEmpty || pairs < 1 { throw BenchError("--sizes and --pairs need positive numbers\n\(Self.usage)") }
    if let unknown = cases.first(where: { !BenchCase.Name.allNames.contains($0) }) {
      throw BenchError("unknown case \(unknown); the cases are \(BenchCase.Name.allNames.joined(separator: ", "))")
    }
  }

  /// "5M" → 5_000_000, "200k" → 200_000, "42" → 42.
  static func count(_ text: String) throws -> Int {
    let multiplier = text.hasSuffix("M") ? 1_000_000 : text.lowercased().hasSuffix("k") ? 1_000 : 1
    let digits = multiplier == 1 ? Substring(text) : text.dropLast()
    guard let number = Int(digits), number > 0 else { throw BenchError("not a positive count: \(text)") }
    return number * multiplier
  }
}
