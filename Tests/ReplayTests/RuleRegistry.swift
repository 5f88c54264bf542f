import Foundation

/// `RuleCatalog.all` as the rule files declare it: one `<Name>Rule` per
/// `Sources/Replay/Rules/<Area>/<Name>Rule.swift`, in path order. `RuleCatalogTests` writes
/// `Sources/Replay/Engine/RuleCatalog+All.swift` from it and fails while the two differ.
enum RuleRegistry {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let rulesDirectory = repository.appendingPathComponent("Sources/Replay/Rules")
  static let generatedFile = repository.appendingPathComponent("Sources/Replay/Engine/RuleCatalog+All.swift")
  static let updateVariable = "TRACEQ_UPDATE_RULE_CATALOG"

  /// The rule types named by the rule files, by path.
  static func declaredRules() throws -> [String] {
    let files = FileManager.default.enumerator(atPath: rulesDirectory.path)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix("Rule.swift") }.sorted()
      .map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "") }
  }

  /// The Swift source of `RuleCatalog.all` listing `rules`.
  static func source(listing rules: [String]) -> String {
    """
    // Generated from Sources/Replay/Rules/**/*Rule.swift by RuleCatalogTests: do not edit.
    // After adding, renaming or removing a rule file:
    //   \(updateVariable)=1 swift test --skip-build --filter RuleCatalogTests
    // then build again.

    extension RuleCatalog {
      /// Every rule, one per file of `Sources/Replay/Rules`, in path order.
      package static let all: [any Rule.Type] = [
    \(rules.map { "    \($0).self,\n" }.joined())  ]
    }

    """
  }
}
