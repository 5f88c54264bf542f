import Foundation
import Replay
import Testing

@Suite("The rule catalog")
struct RuleCatalogTests {
  @Test("RuleCatalog.all lists every rule file, as generated from Sources/Replay/Rules")
  func registryIsGenerated() throws {
    let declared = try RuleRegistry.declaredRules()
    #expect(declared.count >= 19, "no rule files under \(RuleRegistry.rulesDirectory.path)")
    let expected = RuleRegistry.source(listing: declared)
    let written = try? String(contentsOf: RuleRegistry.generatedFile, encoding: .utf8)
    if written != expected, ProcessInfo.processInfo.environment[RuleRegistry.updateVariable] == "1" {
      try expected.write(to: RuleRegistry.generatedFile, atomically: true, encoding: .utf8)
      Issue.record("wrote \(RuleRegistry.generatedFile.path): build again and rerun the tests")
      return
    }
    #expect(
      written == expected,
      """
      \(RuleRegistry.generatedFile.lastPathComponent) does not list the rule files of Sources/Replay/Rules: run \
      `\(RuleRegistry.updateVariable)=1 swift test --skip-build --filter RuleCatalogTests`, then build again
      """)
    #expect(RuleCatalog.all.map { String(describing: $0) } == declared, "the catalog was built before the regeneration")
  }

  @Test("ids are unique kebab-case; every rule is documented and has both kinds of example")
  func descriptions() {
    let ids = RuleCatalog.all.map { $0.description.id }
    #expect(Set(ids).count == ids.count)
    for rule in RuleCatalog.all {
      let description = rule.description
      #expect(description.id.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression) != nil, "\(description.id)")
      #expect(!description.triggering.isEmpty, "\(description.id) has no triggering example")
      #expect(!description.nonTriggering.isEmpty, "\(description.id) has no non-triggering example")
      #expect(description.background.count > 100, "\(description.id) needs its UIKit background")
      #expect(!description.source.isEmpty && !description.hint.isEmpty && !description.summary.isEmpty)
    }
  }

  @Test("selecting unknown rules names them")
  func unknownRule() {
    #expect(throws: UnknownRule.self) { try RuleSet.selecting(only: ["no-such-rule"]) }
    #expect((try? RuleSet.selecting(disabled: ["rejected-orientation"]))?.ids.contains("rejected-orientation") == false)
  }
}
