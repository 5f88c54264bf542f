/// A command line read one option at a time: `--name value` pairs and flags, with the usage
/// text for the errors.
struct OptionArguments {
  private var rest: ArraySlice<String>
  private let usage: String

  init(_ arguments: [String], usage: String) {
    rest = arguments[...]
    self.usage = usage
  }

  /// The next option; nil at the end.
  mutating func next() -> String? { rest.popFirst() }

  /// The value that follows `option`.
  mutating func value(of option: String) throws -> String {
    guard let value = rest.popFirst() else { throw BenchError("\(option) needs a value\n\(usage)") }
    return value
  }

  /// What to throw for `option`, which the command does not take: the usage for `-h`/`--help`.
  func unknown(_ option: String) -> BenchError {
    option == "-h" || option == "--help" ? BenchError(usage) : BenchError("unknown option \(option)\n\(usage)")
  }
}
