import Replay
import TraceModel
import TraceReading

/// What the generator needs to know of a rule, taken from the rule catalog rather than kept
/// as a second list: replaying the rule's triggering examples through Replay tells whether
/// UIKit throws there (the app ends) and whether the finding is one the end of a complete
/// session makes. Only these facts come from Replay; the scripts that write the anomalies do not.
struct RuleFacts {
  /// UIKit raises an exception in one of the rule's examples at least: an anomaly of the rule
  /// can end the app, so it goes last in its session.
  var raisesException = false
  /// The rule reports what a complete session left unfinished: its examples give findings
  /// when they end normally, none when they are cut short.
  var isReportedAtSessionEnd = false

  /// The facts of every rule of the catalog, by rule id.
  static let byRuleID: [String: RuleFacts] = Dictionary(
    uniqueKeysWithValues: RuleCatalog.all.map { rule in (rule.description.id, learn(rule)) })

  private static func learn(_ rule: any Rule.Type) -> RuleFacts {
    var facts = RuleFacts()
    let examples = rule.description.triggering.map { items(of: $0) }
    for items in examples {
      let complete = replay(items, rule: rule, cutShort: false)
      facts.raisesException = facts.raisesException || complete.raisedException
    }
    facts.isReportedAtSessionEnd =
      !examples.isEmpty
      && examples.allSatisfy { items in
        !replay(items, rule: rule, cutShort: false).findings.isEmpty
          && replay(items, rule: rule, cutShort: true).findings.isEmpty
      }
    return facts
  }

  /// The decoded lines of an example.
  private static func items(of example: RuleExample) -> [TraceItem] {
    let decoder = RecordDecoder()
    return example.text.split(separator: "\n").enumerated().compactMap { index, text in
      var line = String(text)
      return line.withUTF8 { decoder.decode(RawLine(number: index + 1, bytes: UnsafeRawBufferPointer($0))) }
    }
  }

  private static func replay(_ items: [TraceItem], rule: any Rule.Type, cutShort: Bool) -> Ended {
    let driver = SessionDriver(rules: RuleSet([rule]))
    let ended = Ended()
    for item in items { driver.take(item, to: ended) }
    driver.finish(cutShort: cutShort, to: ended)
    return ended
  }

  /// How an example's session ended.
  private final class Ended: SessionObserver {
    var findings: [Finding] = []
    var raisedException = false

    func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
      self.findings += findings
      raisedException = raisedException || session.replay?.model.raisedException == true
    }
  }
}
