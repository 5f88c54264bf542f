import ArgumentParser
import Foundation
import Replay
import TraceModel

/// Which rules run and which findings count: shared by `check`, `ingest --check`, `report` and
/// `export`. ``policy(strict:)`` merges these flags with `.traceq.yml`.
struct RuleOptions: ParsableArguments {
  @Option(name: .customLong("rule"), help: ArgumentHelp("Run only this rule (repeatable).", valueName: "id"))
  var onlyRules: [String] = []

  @Option(name: .customLong("disable"), help: ArgumentHelp("Do not run this rule (repeatable).", valueName: "id"))
  var disabledRules: [String] = []

  @Option(
    name: .customLong("min-severity"),
    help: ArgumentHelp("Report only findings at or above this severity; note by default.", valueName: "severity"))
  var minimumSeverity: Severity?

  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "The configuration file (default: .traceq.yml in the current directory or its parents).", valueName: "path"))
  var configPath: String?

  @Option(
    name: .customLong("source-root"),
    help: ArgumentHelp(
      "The app's sources: findings point at the Swift or Objective-C declaration of their controller's class, "
        + "the trace's line kept as where it was recorded.",
      valueName: "dir"))
  var sourceRoot: String?

  /// The configuration (`--config`, or the nearest `.traceq.yml`) merged with these flags and
  /// `--strict` (see ``StrictOption``; the commands that do not fail on findings have none).
  /// - Throws: ``ConfigurationError`` for a configuration that cannot be read or is wrong,
  ///   ``CommandFailure`` for an unknown rule id in a flag.
  func policy(strict: Bool = false) throws -> CheckPolicy {
    let configuration = try ConfigurationFile.load(explicit: configPath)
    do {
      return try CheckPolicy(
        configuration: configuration, onlyRules: onlyRules, disabledRules: disabledRules,
        minSeverity: minimumSeverity, strict: strict, sourceRoot: sourceRoot)
    } catch {
      throw CommandFailure.usage(error.description)
    }
  }
}

extension Severity: ExpressibleByArgument {}
