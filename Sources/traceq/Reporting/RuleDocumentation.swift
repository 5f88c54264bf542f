import Replay

/// The rule catalog as text: the `traceq rules` listing, one rule in full, and `docs/rules.md`.
enum RuleDocumentation {
  /// One line per rule: id, severity, area, summary.
  static func listing() -> String {
    let rules = RuleCatalog.all.map { $0.description }
    let width = rules.map(\.id.count).max() ?? 0
    var lines = ["\("RULE".padding(toLength: width, withPad: " ", startingAt: 0))  SEVERITY  AREA          SUMMARY"]
    for rule in rules {
      lines.append(
        rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + rule.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
          + rule.area.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + rule.summary)
    }
    lines.append("")
    lines.append("`traceq rules ID` shows a rule's background and examples.")
    return lines.joined(separator: "\n")
  }

  /// A rule in full: what it finds, UIKit's background, what UIKit prints, what to do, its
  /// source and its examples.
  static func detail(_ rule: RuleDescription) -> String {
    var text = [
      "\(rule.id) — \(rule.name) (\(rule.severity.rawValue), \(rule.area.rawValue))", "", rule.summary, "",
      rule.background, "",
    ]
    if let says = rule.uikitSays { text += ["UIKit says: \(says)", ""] }
    text += ["What to do: \(rule.hint)", "", "Source: \(rule.source)", ""]
    if let availability = rule.availability { text += ["Applies to: \(availability)", ""] }
    text += ["Triggers (↓ marks the reported line):"]
    for example in rule.triggering { text += ["", indent(example.source)] }
    text += ["", "Does not trigger:"]
    for example in rule.nonTriggering { text += ["", indent(example.source)] }
    return text.joined(separator: "\n")
  }

  /// `docs/rules.md`, generated from the catalog (`traceq rules --markdown > docs/rules.md`).
  static func markdown() -> String {
    var text = [
      "# Rules", "",
      "The rules `traceq check` runs, generated from the catalog with `traceq rules --markdown`. Ids are part of the",
      "public interface: select rules with `--rule`/`--disable`, and query them in the `anomalies` table.", "",
      "| id | severity | area | what |", "| --- | --- | --- | --- |",
    ]
    for rule in RuleCatalog.all.map({ $0.description }) {
      text.append(
        "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue) | \(rule.area.rawValue) | \(rule.summary) |")
    }
    for rule in RuleCatalog.all.map({ $0.description }) {
      text += [
        "", "## \(rule.id)", "", "**\(rule.name)** — \(rule.severity.rawValue), \(rule.area.rawValue).", "",
        rule.summary, "", rule.background,
      ]
      if let says = rule.uikitSays { text += ["", "UIKit says: `\(says)`"] }
      text += ["", "What to do: \(rule.hint)", "", "Source: \(rule.source)"]
      if let availability = rule.availability { text += ["", "Applies to: \(availability)."] }
      if !rule.shownByDefault { text += ["", "Text output leaves it out unless asked for: `--rule \(rule.id)`."] }
      text += ["", "Triggers (↓ marks the reported line):"]
      for example in rule.triggering { text += ["", "```", example.source, "```"] }
      text += ["", "Does not trigger:"]
      for example in rule.nonTriggering { text += ["", "```", example.source, "```"] }
    }
    return text.joined(separator: "\n") + "\n"
  }

  private static func indent(_ text: String) -> String {
    text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
  }
}
