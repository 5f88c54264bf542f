import Replay

/// The rule catalog as text: the `traceq rules` listing, one rule in full, and `docs/rules.md`.
/// The UIKit diagnostics no replay rule checks (``RuleCatalog/consoleOnly``) are listed after
/// the replay rules, in the area `console`.
enum RuleDocumentation {
  /// The area of the console-only ids.
  static let consoleArea = "console"

  /// One line per id: id, severity, area, summary.
  static func listing() -> String {
    let rows =
      RuleCatalog.descriptions.map { ($0.id, $0.severity, $0.area.rawValue, $0.summary) }
      + RuleCatalog.consoleOnly.map { ($0.id, $0.severity, consoleArea, summary($0)) }
    let width = rows.map(\.0.count).max() ?? 0
    var lines = ["\("RULE".padding(toLength: width, withPad: " ", startingAt: 0))  SEVERITY  AREA          SUMMARY"]
    for (id, severity, area, summary) in rows {
      lines.append(
        id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
          + area.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + summary)
    }
    lines.append("")
    lines.append("`traceq rules ID` shows a rule's background and examples.")
    return lines.joined(separator: "\n")
  }

  /// What a console-only id reports, in one sentence.
  static func summary(_ entry: ConsoleEntry) -> String {
    "UIKit \(verb(entry)) it (found in console logs and crash reports): \(entry.uikitSays)"
  }

  /// What UIKit does with the diagnostic: logs it and goes on, or throws.
  static func verb(_ entry: ConsoleEntry) -> String { entry.isException ? "throws" : "logs" }

  /// Where a console-only id comes from, for its detail and its section of `docs/rules.md`.
  static let consoleOrigin =
    "No replay rule checks it: traceq reports it where UIKit's own message appears, in a console log, a crash "
    + "report or a trace's `console` events."

  /// A console-only id in full: what UIKit says, what to do, examples of its message and where
  /// they were seen.
  static func detail(_ entry: ConsoleEntry) -> String {
    var text = [
      "\(entry.id) — \(entry.name) (\(entry.severity.rawValue), \(consoleArea))", "", consoleOrigin, "",
      "UIKit \(verb(entry)): \(entry.uikitSays)", "", "What to do: \(entry.hint)", "", "Recognised, for example:",
    ]
    for example in entry.examples { text += ["", indent(example.text)] }
    text += ["", "Seen in: " + entry.sources.joined(separator: ", ")]
    return text.joined(separator: "\n")
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
      "public interface: select rules with `--rule`/`--disable`, and query them in the `anomalies` table. The rules of",
      "the area `console` are UIKit's own diagnostics that no replay rule checks: they are found in console logs, crash",
      "reports and a trace's `console` events ([console-logs.md](console-logs.md)).", "",
      "| id | severity | area | what |", "| --- | --- | --- | --- |",
    ]
    for rule in RuleCatalog.descriptions {
      text.append(
        "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue) | \(rule.area.rawValue) | \(rule.summary) |")
    }
    for entry in RuleCatalog.consoleOnly {
      text.append(
        "| [`\(entry.id)`](#\(entry.id)) | \(entry.severity.rawValue) | \(consoleArea) | \(entry.name): UIKit "
          + "\(verb(entry)) it |")
    }
    for rule in RuleCatalog.descriptions {
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
    for entry in RuleCatalog.consoleOnly {
      text += [
        "", "## \(entry.id)", "", "**\(entry.name)** — \(entry.severity.rawValue), \(consoleArea).", "", consoleOrigin,
        "", "UIKit \(verb(entry)): `\(entry.uikitSays)`", "", "What to do: \(entry.hint)", "",
        "Its wordings, examples and sources: [console-logs.md](console-logs.md#\(entry.id)).",
      ]
    }
    return text.joined(separator: "\n") + "\n"
  }

  private static func indent(_ text: String) -> String {
    text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
  }
}
