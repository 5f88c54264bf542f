/// Every rule traceq knows: the rules of `Rules/` (`all`, generated from the rule files; a new
/// rule needs no line here), their descriptions, and the ids of UIKit's diagnostics that no rule
/// checks.
public enum RuleCatalog {
  /// Every rule's description (id, severity, documentation, examples), in `traceq rules` order.
  public static let descriptions: [RuleDescription] = all.map { $0.description }

  /// The rule with id `id`.
  package static func type(for id: String) -> (any Rule.Type)? {
    all.first { $0.description.id == id }
  }
}
