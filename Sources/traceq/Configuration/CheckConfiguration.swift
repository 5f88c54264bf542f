import Foundation
import TraceModel

/// What a `.traceq.yml` says; without a file, the defaults (everything empty or unset).
/// ``CheckPolicy`` merges it with the command line's flags.
struct CheckConfiguration: Equatable {
  /// The file name traceq looks for in the current directory and its parents.
  static let fileName = ".traceq.yml"

  /// The file it was read from, or nil for the defaults.
  var file: String?
  /// Where its path patterns start: the file's directory (the current one without a file).
  var scope: PathScope
  /// `strict`: warnings fail too.
  var strict: Bool?
  /// `min_severity`: findings below it are not reported.
  var minSeverity: Severity?
  /// `only_rules`: run only these (all when empty).
  var onlyRules: [String] = []
  /// `disabled_rules`.
  var disabledRules: [String] = []
  /// `ignored_classes`: findings naming a controller of these classes are not reported, by any rule.
  var ignoredClasses: [Glob] = []
  /// `rules`: per-rule settings, by rule id.
  var rules: [String: RuleSettings] = [:]
  /// `excluded`: paths never checked.
  var excluded: [Glob] = []
  /// `trace_files`: the file names a directory walk picks up (the built-in endings when empty).
  var traceFiles: [Glob] = []
  /// `source_root`: the app's sources, whose class declarations findings point at (a path
  /// made absolute from the file's directory).
  var sourceRoot: String?
  /// `suppressions`.
  var suppressions: [Suppression] = []

  /// A rule's entry under `rules:`.
  struct RuleSettings: Equatable {
    /// `severity`: replaces the rule's default.
    var severity: Severity?
    /// `ignored_classes`: like the top-level key, for this rule only.
    var ignoredClasses: [Glob] = []
  }

  /// The defaults, with patterns relative to `directory`.
  init(file: String? = nil, directory: String = FileManager.default.currentDirectoryPath) {
    self.file = file
    self.scope = PathScope(directory: directory)
  }
}
