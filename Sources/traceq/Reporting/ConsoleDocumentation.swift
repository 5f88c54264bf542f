import Replay

/// `docs/console-logs.md`: what traceq reads besides traces and the UIKit diagnostics it
/// recognises, generated from the console catalog (`traceq rules --console > docs/console-logs.md`).
enum ConsoleDocumentation {
  static func markdown() -> String {
    var text = [
      "# Console logs and crash reports", "",
      "`traceq check` and `traceq ingest` read console output next to traces, told apart by content (never by",
      "name), gzip or zlib compressed or not: Xcode's console and NSLog output, `log show` in its default, compact,",
      "syslog, `json` and `ndjson` styles, device syslogs, crash reports (`.ips` and `.crash`), and excerpts pasted",
      "from anywhere (quote markers, backticks, CI prefixes and hard-wrapped lines are fine). A directory walk picks",
      "up `.log`, `.crash` and `.ips` files besides traces; name any other file explicitly.", "",
      "Each UIKit diagnostic found becomes a `console` event (`traceq query \"SELECT * FROM events WHERE ev =",
      "'console'\"`) and a finding found by `uikit` (`found_by` in the JSON report, `source` in the `anomalies`",
      "table), at the line where the message starts. Lines without one of",
      "the anchor words below are skipped without further work, so a large log is read at close to the speed of",
      "reading the file. A text file without any diagnostic and without a log's shape is rejected like a file",
      "that is not a trace.", "",
      "A message is matched within 2 KiB of its first word, so a long line that keeps almost matching (a JSON",
      "blob, a base64 dump) is read in time linear in its length. A log or crash report is one session: its",
      "first 1,000 UIKit diagnostics are reported one by one, the rest counted by rule in one",
      "`too-many-diagnostics` warning, so that a log of a million repeated lines is checked in bounded memory.",
      "",
      "When a trace holds both recorded events and UIKit's diagnostics (a recorder that captured stderr), the",
      "replay is checked against UIKit: a diagnostic the replay found too is *confirmed* and reported once (as the",
      "replay's finding); one the replay did not find is *missed by the model* and reported as UIKit's; a replay",
      "finding UIKit did not echo is *unconfirmed* (normal for what UIKit does not log). `traceq check",
      "--cross-check` prints the table; the JSON report always has it (`cross_check`). A session's first",
      "10,000 findings of the replay are cross-checked; those after them are reported, not cross-checked.", "",
      "Diagnostics with a replay rule's id report with that rule's severity and hint (see [rules.md](rules.md));",
      "`--rule`, `--disable` and `.traceq.yml` select and rate them like rules.", "",
      "Generated from the catalog with `traceq rules --console`.", "",
      "| id | severity | UIKit | anchors |", "| --- | --- | --- | --- |",
    ]
    for entry in ConsoleCatalog.all {
      let kind = entry.isException ? "throws" : "logs"
      let anchors = entry.anchors.map { "`\($0)`" }.joined(separator: ", ")
      text.append("| [`\(entry.id)`](#\(entry.id)) | \(entry.severity.rawValue) | \(kind) | \(anchors) |")
    }
    for entry in ConsoleCatalog.all {
      text += [
        "", "## \(entry.id)", "",
        "**\(entry.name)** — \(entry.severity.rawValue); UIKit \(entry.isException ? "throws" : "logs"):",
        "", "```", entry.uikitSays, "```", "", "What to do: \(entry.hint)", "", "Recognised, for example:",
      ]
      for example in entry.examples { text += ["", "```", example.text, "```"] }
      text += ["", "Seen in: " + entry.sources.map { "<\($0)>" }.joined(separator: ", ")]
    }
    return text.joined(separator: "\n") + "\n"
  }
}
