import Replay
import Yams

/// `traceq check --print-config`: the configuration in force (the file merged with the
/// command line) as a `.traceq.yml` that gives the same policy, every rule listed with the
/// severity it reports at.
enum ConfigurationPrinter {
  static func yaml(_ policy: CheckPolicy) -> String {
    let configuration = policy.configuration
    let reported = Set(policy.rules.reportedIDs)
    var top: [(Node, Node)] = [
      (Node("strict"), Node(policy.failingSeverity == .warning ? "true" : "false")),
      (Node("min_severity"), Node(policy.minSeverity.rawValue)),
      (Node("disabled_rules"), list(RuleCatalog.ids.filter { !reported.contains($0) })),
      (Node("ignored_classes"), list(configuration.ignoredClasses.map(\.pattern))),
    ]
    var rules: [(Node, Node)] = []
    for id in RuleCatalog.ids {
      guard let severity = policy.rules.severity(of: id) else { continue }
      var settings = [(Node("severity"), Node(severity.rawValue))]
      if let ignored = configuration.rules[id]?.ignoredClasses, !ignored.isEmpty {
        settings.append((Node("ignored_classes"), list(ignored.map(\.pattern))))
      }
      rules.append((Node(id), Node(settings)))
    }
    top.append((Node("rules"), Node(rules)))
    top.append((Node("excluded"), list(configuration.excluded.map(\.pattern))))
    top.append((Node("trace_files"), list(configuration.traceFiles.map(\.pattern))))
    if let root = policy.sourceRoot { top.append((Node("source_root"), Node(root))) }
    top.append((Node("suppressions"), Node(configuration.suppressions.map(entry))))
    let header = [
      "# The configuration traceq check uses: \(configuration.file ?? "no .traceq.yml found; the defaults")"
        + ", with the command line's flags.",
      "# Path patterns are relative to \(configuration.scope.directory).",
      "# trace_files: [] picks up *.ndjson, *.jsonl and *.trace files, each optionally .gz, .z, .zz or .zlib.",
    ]
    let body = (try? Yams.serialize(node: Node(top), indent: 2)) ?? ""
    return header.joined(separator: "\n") + "\n" + body
  }

  private static func list(_ items: [String]) -> Node {
    Node(items.map { Node($0) }, .implicit, items.isEmpty ? .flow : .block)
  }

  private static func entry(_ suppression: Suppression) -> Node {
    var pairs: [(Node, Node)] = []
    if let rule = suppression.rule { pairs.append((Node("rule"), Node(rule))) }
    if let className = suppression.className { pairs.append((Node("class"), Node(className.pattern))) }
    if let path = suppression.path { pairs.append((Node("path"), Node(path.pattern))) }
    if let reason = suppression.reason { pairs.append((Node("reason"), Node(reason))) }
    return Node(pairs)
  }
}
