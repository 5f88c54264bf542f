import ArgumentParser
import Replay
import TraceModel

/// Which rules run and which findings count: shared by `check` and `ingest --check`.
struct RuleOptions: ParsableArguments {
  @Option(name: .customLong("rule"), help: ArgumentHelp("Run only this rule (repeatable).", valueName: "id"))
  var onlyRules: [String] = []

  @Option(name: .customLong("disable"), help: ArgumentHelp("Do not run this rule (repeatable).", valueName: "id"))
  var disabledRules: [String] = []

  @Option(help: "Report only findings at or above this severity.")
  var minSeverity: Severity = .note

  @Flag(help: "Fail (exit 1) on warnings too, not only on errors.")
  var strict = false

  func validate() throws {
    do {
      _ = try RuleSet.selecting(only: onlyRules, disabled: disabledRules)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The rules to run.
  func ruleSet() throws -> RuleSet {
    do {
      return try RuleSet.selecting(only: onlyRules, disabled: disabledRules)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The lowest severity that makes the command fail.
  var failingSeverity: Severity { strict ? .warning : .error }
}

extension Severity: ExpressibleByArgument {}
