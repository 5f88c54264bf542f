import TraceModel

/// The rules a replay runs, and the severity each reports with.
public struct RuleSet: Sendable {
  package let rules: [any Rule]
  /// Severities that replace a rule's default, by rule id.
  public let severities: [String: Severity]
  /// Rules that run but whose findings text output leaves out: those not shown by default,
  /// unless asked for by name.
  public let quietIDs: Set<String>

  /// The ids of the console catalog (`ConsoleCatalog`) whose diagnostics are reported.
  public let consoleIDs: Set<String>

  /// Every rule of the catalog, with its default severity, and every UIKit diagnostic of the
  /// console catalog.
  public init() { self.init(RuleCatalog.all) }

  /// `types`, with `severities` replacing their defaults; `consoleIDs` nil reports the console
  /// diagnostics of no replay rule and of `types`'; rules shown only when asked for are quiet
  /// unless `asked` names them.
  package init(
    _ types: [any Rule.Type], severities: [String: Severity] = [:],
    consoleIDs: Set<String>? = nil, asked: [String] = []
  ) {
    rules = types.map { $0.init() }
    self.severities = severities
    let ruleIDs = Set(types.map { $0.description.id })
    self.consoleIDs =
      consoleIDs
      ?? Set(ConsoleCatalog.all.map(\.id).filter { RuleCatalog.type(for: $0) == nil || ruleIDs.contains($0) })
    var quiet: Set<String> = []
    for type in types where !type.description.shownByDefault && !asked.contains(type.description.id) {
      quiet.insert(type.description.id)
    }
    quietIDs = quiet
  }

  /// Whether UIKit's diagnostics of `id` are reported: a replay rule's when that rule runs.
  public func reportsConsole(_ id: String) -> Bool { consoleIDs.contains(id) }

  /// The catalog narrowed to `only` (all when empty) minus `disabled`.
  /// - Throws: ``UnknownRule`` naming an id the catalog does not have.
  public static func selecting(
    only: [String] = [], disabled: [String] = [], severities: [String: Severity] = [:]
  ) throws(UnknownRule) -> RuleSet {
    for id in only + disabled + Array(severities.keys) where !RuleCatalog.knows(id) {
      throw UnknownRule(id: id)
    }
    func selected(_ id: String) -> Bool { (only.isEmpty || only.contains(id)) && !disabled.contains(id) }
    let types = RuleCatalog.all.filter { selected($0.description.id) }
    return RuleSet(
      types, severities: severities, consoleIDs: Set(ConsoleCatalog.all.map(\.id).filter(selected)), asked: only)
  }

  /// The ids of the set's rules, in catalog order.
  public var ids: [String] { rules.map { type(of: $0).description.id } }

  /// The ids findings of this set can carry: its rules' and the console catalog's it reports.
  public var reportedIDs: [String] { ids + consoleIDs.subtracting(ids).sorted() }

  /// The severity a rule reports with in this set.
  public func severity(of id: String) -> Severity? {
    severities[id] ?? RuleCatalog.type(for: id)?.description.severity ?? ConsoleCatalog.entry(id)?.severity
  }
}

/// A rule id that is not in the catalog.
public struct UnknownRule: Error, CustomStringConvertible {
  /// The id asked for.
  public let id: String

  /// The error for `id`.
  public init(id: String) { self.id = id }

  /// The message for the user: the id, and the ids it may be a misspelling of.
  public var description: String {
    let close = RuleCatalog.ids.filter { $0.hasPrefix(String(id.prefix(4))) }
    return "unknown rule '\(id)'"
      + (close.isEmpty ? "; `traceq rules` lists them" : "; did you mean \(close.joined(separator: ", "))?")
  }
}
