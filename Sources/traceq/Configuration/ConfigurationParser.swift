import Foundation
import Replay
import Yams

/// Turns the text of a `.traceq.yml` into a ``CheckConfiguration``: unknown keys, unknown rule
/// ids, values of the wrong kind and bad patterns are errors that name the key and line.
struct ConfigurationParser {
  /// The top-level keys, in the order `--print-config` writes them.
  static let topLevelKeys = [
    "strict", "min_severity", "only_rules", "disabled_rules", "ignored_classes", "rules", "excluded", "trace_files",
    "source_root", "suppressions",
  ]
  /// The keys of a rule's entry under `rules:`.
  static let ruleKeys = ["severity", "ignored_classes"]
  /// The keys of an entry of `suppressions:`.
  static let suppressionKeys = ["rule", "class", "path", "reason"]

  let reader: YAMLReader
  let directory: String

  /// - Parameters:
  ///   - file: the path, for messages.
  ///   - directory: where the file's path patterns start.
  init(file: String, directory: String) {
    reader = YAMLReader(file: file)
    self.directory = directory
  }

  func parse(_ text: String) throws(ConfigurationError) -> CheckConfiguration {
    var configuration = CheckConfiguration(file: reader.file, directory: directory)
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch {
      throw Self.describe(error, file: reader.file)
    }
    guard let root else { return configuration }
    for (key, _, value) in try reader.mapping(root, at: "the top level", allowed: Self.topLevelKeys) {
      switch key {
      case "strict": configuration.strict = try reader.bool(value, at: key)
      case "min_severity": configuration.minSeverity = try reader.severity(value, at: key)
      case "only_rules": configuration.onlyRules = try ruleIDs(value, at: key)
      case "disabled_rules": configuration.disabledRules = try ruleIDs(value, at: key)
      case "ignored_classes": configuration.ignoredClasses = try reader.globs(value, at: key)
      case "rules": configuration.rules = try rules(value)
      case "excluded": configuration.excluded = try reader.globs(value, at: key)
      case "trace_files": configuration.traceFiles = try traceFiles(value)
      case "source_root":
        let root = try reader.string(value, at: key)
        configuration.sourceRoot =
          root.hasPrefix("/") ? root : URL(fileURLWithPath: directory).appendingPathComponent(root).path
      default: configuration.suppressions = try suppressions(value)  // "suppressions", the last allowed key
      }
    }
    return configuration
  }

  private func ruleIDs(_ node: Node, at key: String) throws(ConfigurationError) -> [String] {
    var ids: [String] = []
    for (id, item) in try reader.strings(node, at: key) {
      try checkRule(id, item, at: key)
      ids.append(id)
    }
    return ids
  }

  private func checkRule(_ id: String, _ node: Node, at key: String) throws(ConfigurationError) {
    guard RuleCatalog.knows(id) else { throw reader.error(node, "\(key): \(UnknownRule(id: id))") }
  }

  private func rules(_ node: Node) throws(ConfigurationError) -> [String: CheckConfiguration.RuleSettings] {
    var rules: [String: CheckConfiguration.RuleSettings] = [:]
    for (id, keyNode, value) in try reader.mapping(node, at: "rules") {
      try checkRule(id, keyNode, at: "rules")
      var settings = CheckConfiguration.RuleSettings()
      for (key, _, setting) in try reader.mapping(value, at: "rules.\(id)", allowed: Self.ruleKeys) {
        if key == "severity" {
          settings.severity = try reader.severity(setting, at: "rules.\(id).severity")
        } else {
          settings.ignoredClasses = try reader.globs(setting, at: "rules.\(id).ignored_classes")
        }
      }
      rules[id] = settings
    }
    return rules
  }

  private func traceFiles(_ node: Node) throws(ConfigurationError) -> [Glob] {
    var globs: [Glob] = []
    for (text, item) in try reader.strings(node, at: "trace_files") {
      let glob = try reader.glob(text, item, at: "trace_files")
      guard !glob.hasSeparator else {
        throw reader.error(item, "trace_files: '\(text)' has a /; these are file-name patterns such as '*.ndjson.gz'")
      }
      globs.append(glob)
    }
    return globs
  }

  private func suppressions(_ node: Node) throws(ConfigurationError) -> [Suppression] {
    if node.null != nil { return [] }
    guard let sequence = node.sequence else {
      throw reader.error(node, "'suppressions' must be a list of entries with rule, class, path and reason")
    }
    var suppressions: [Suppression] = []
    for (index, item) in sequence.enumerated() {
      let key = "suppressions[\(index + 1)]"
      var suppression = Suppression()
      for (name, _, value) in try reader.mapping(item, at: key, allowed: Self.suppressionKeys) {
        let text = try reader.string(value, at: "\(key).\(name)")
        switch name {
        case "rule":
          try checkRule(text, value, at: "\(key).rule")
          suppression.rule = text
        case "class": suppression.className = try reader.glob(text, value, at: "\(key).class")
        case "path": suppression.path = try reader.glob(text, value, at: "\(key).path")
        default: suppression.reason = text
        }
      }
      guard suppression.rule != nil || suppression.className != nil || suppression.path != nil else {
        throw reader.error(item, "\(key) needs a rule, a class or a path; it would suppress everything")
      }
      suppressions.append(suppression)
    }
    return suppressions
  }

  /// A YAML syntax error, at its line.
  static func describe(_ error: any Error, file: String) -> ConfigurationError {
    guard let yamlError = error as? YamlError else {
      return ConfigurationError(file: file, line: nil, problem: "not valid YAML: \(error)")
    }
    switch yamlError {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let during = context.map { " (\($0.text))" } ?? ""
      return ConfigurationError(file: file, line: mark.line, problem: "not valid YAML: \(problem)\(during)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return ConfigurationError(
        file: file, line: context.mark.line,
        problem: "the key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) is given twice")
    default:
      return ConfigurationError(file: file, line: nil, problem: "not valid YAML: \(yamlError)")
    }
  }
}
