import Replay
import TraceModel

/// How a check runs and what it makes of each finding: the configuration merged with the
/// command line. The command line wins: `--rule` replaces `only_rules`, `--disable` adds to
/// `disabled_rules`, `--min-severity` replaces `min_severity`, `--strict` turns `strict` on.
struct CheckPolicy {
  /// The configuration the flags were merged into.
  let configuration: CheckConfiguration
  /// The rules to run, with the severities they report at.
  let rules: RuleSet
  /// Findings below it are not reported.
  let minSeverity: Severity
  /// The lowest severity that fails the run (exit status 1).
  let failingSeverity: Severity
  /// The app's sources, whose class declarations findings point at (`--source-root`, or
  /// `source_root`); nil to report trace locations only.
  let sourceRoot: String?

  /// What becomes of a finding.
  enum Verdict: Equatable {
    /// Not reported: below the minimum severity, or about an ignored class.
    case hidden
    /// Accepted by a suppression: carried, marked, never failing.
    case suppressed(Suppression)
    /// Reported, and counted for the exit status.
    case reported
  }

  /// - Throws: ``UnknownRule`` for a flag's rule id the catalog does not have.
  init(
    configuration: CheckConfiguration, onlyRules: [String] = [], disabledRules: [String] = [],
    minSeverity: Severity? = nil, strict: Bool = false, sourceRoot: String? = nil
  ) throws(UnknownRule) {
    self.configuration = configuration
    rules = try RuleSet.selecting(
      only: onlyRules.isEmpty ? configuration.onlyRules : onlyRules,
      disabled: configuration.disabledRules + disabledRules,
      severities: configuration.rules.compactMapValues(\.severity))
    self.minSeverity = minSeverity ?? configuration.minSeverity ?? .note
    failingSeverity = strict || configuration.strict == true ? .warning : .error
    self.sourceRoot = sourceRoot ?? configuration.sourceRoot
  }

  /// What to do with `finding`, found in `file`.
  func verdict(for finding: Finding, in file: String) -> Verdict {
    guard finding.severity >= minSeverity, !ignores(finding) else { return .hidden }
    let scope = configuration.scope
    if let suppression = configuration.suppressions.first(where: { $0.matches(finding, file: file, scope: scope) }) {
      return .suppressed(suppression)
    }
    return .reported
  }

  /// Which files a directory walk picks up, and which paths are never checked.
  var fileSelection: TraceFiles.Selection {
    let configuration = configuration
    var selection = TraceFiles.Selection()
    if !configuration.traceFiles.isEmpty {
      selection.picks = { name in configuration.traceFiles.contains { $0.matches(name) } }
    }
    if !configuration.excluded.isEmpty {
      selection.excludes = { path in configuration.excluded.contains { configuration.scope.matches($0, path) } }
    }
    let picksNames = !configuration.traceFiles.isEmpty
    selection.keepsStored = { [selection] path in
      !selection.excludes(path) && (!picksNames || selection.picks(String(path.split(separator: "/").last ?? "")))
    }
    return selection
  }

  /// The note for a path `excluded` leaves out, saying what was not done to it (`not checked`).
  func exclusionNote(_ path: String, _ omission: String) -> String {
    "\(TerminalText.lineStart(path)): note: \(omission): excluded by \(configuration.file ?? "the configuration")"
  }

  /// Whether a controller the finding names (its app's controller included) has a class ignored
  /// for every rule or for its rule.
  private func ignores(_ finding: Finding) -> Bool {
    let patterns = configuration.ignoredClasses + (configuration.rules[finding.ruleID]?.ignoredClasses ?? [])
    guard !patterns.isEmpty else { return false }
    return finding.namedClasses.contains { className in patterns.contains { $0.matches(className) } }
  }
}
