import Foundation
import Replay
import Testing

@Suite("The rule catalog")
struct RuleCatalogTests {
  @Test("every rule file is registered in RuleCatalog.all")
  func everyRuleRegistered() throws {
    let rulesDirectory = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/Replay/Rules")
    let files = try #require(FileManager.default.enumerator(atPath: rulesDirectory.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix("Rule.swift") }
    let declared = files.map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "") }
    let registered = RuleCatalog.all.map { String(describing: $0) }
    #expect(Set(declared) == Set(registered), "missing from RuleCatalog.all: \(Set(declared).subtracting(registered))")
    #expect(declared.count >= 19)
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

  @Test("the catalog has the rules the issue names, with their severities")
  func publicIDs() {
    let expected: [String: String] = [
      "unbalanced-appearance": "warning", "unfinished-appearance": "note", "double-presented-popover": "error",
      "popover-released-while-visible": "error", "popover-on-phone": "error", "rejected-orientation": "note",
      "no-common-orientation": "error", "preferred-orientation-unsupported": "error",
      "unsupported-orientation-shown": "warning", "rotation-callback-mismatch": "warning",
      "already-presenting": "warning", "not-in-window-hierarchy": "warning", "present-active-controller": "error",
      "present-during-transition": "warning", "dismiss-during-transition": "warning",
      "present-from-detached": "warning", "did-move-missing": "warning", "will-move-missing": "warning",
      "transition-without-common-parent": "error", "push-same-instance": "error", "model-disagreement": "note",
    ]
    let actual = Dictionary(
      uniqueKeysWithValues: RuleCatalog.all.map { ($0.description.id, $0.description.severity.rawValue) })
    #expect(actual == expected)
  }

  @Test("selecting unknown rules names them")
  func unknownRule() {
    #expect(throws: UnknownRule.self) { try RuleSet.selecting(only: ["no-such-rule"]) }
    #expect((try? RuleSet.selecting(disabled: ["rejected-orientation"]))?.ids.contains("rejected-orientation") == false)
  }
}
