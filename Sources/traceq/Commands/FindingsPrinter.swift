import Foundation

/// How `traceq findings` prints its groups.
enum FindingsFormat: String, CaseIterable {
  /// A block per group, for a terminal.
  case text
  /// One JSON array of objects (keys sorted, snake_case).
  case json
  /// A Markdown table (a pull request's comment, a wiki page).
  case markdown
}

/// Prints ``FindingGroup``s in a ``FindingsFormat``.
struct FindingsPrinter {
  var format: FindingsFormat
  var output: (String) -> Void

  func print(_ groups: [FindingGroup], store: String) {
    switch format {
    case .text: text(groups, store: store)
    case .json: json(groups)
    case .markdown: markdown(groups)
    }
  }

  /// Each line escaped: rules, classes and builds are stored values, from trace files.
  private func text(_ groups: [FindingGroup], store: String) {
    let output = { (line: String) in self.output(TerminalText.escaped(line)) }
    let findings = groups.reduce(0) { $0 + $1.findings }
    output("\(Plural.count(groups.count, "finding group")), \(Plural.count(findings, "finding")) in \(store)")
    for group in groups {
      output("")
      output("\(group.severity): \(group.rule)" + (group.class.map { " in \($0)" } ?? ""))
      var facts = [
        Plural.count(group.findings, "finding"), Plural.count(group.sessions, "session"),
        Plural.count(group.files, "file"),
      ].joined(separator: ", ")
      if let builds = Self.builds(group) { facts += "; builds \(builds)" }
      output("  " + facts)
      let platforms = [
        group.osVersions.isEmpty ? "" : "iOS " + group.osVersions.joined(separator: ", "),
        group.idioms.joined(separator: ", "),
      ]
      .filter { !$0.isEmpty }
      if !platforms.isEmpty { output("  " + platforms.joined(separator: "; ")) }
      if let trend = group.trend { output("  " + Self.describe(trend)) }
    }
  }

  private func json(_ groups: [FindingGroup]) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let data = (try? encoder.encode(groups)) ?? Data("[]".utf8)
    output(String(decoding: data, as: UTF8.self))
  }

  private func markdown(_ groups: [FindingGroup]) {
    let withTrend = groups.contains { $0.trend != nil }
    var header = ["severity", "rule", "class", "findings", "sessions", "files", "builds", "iOS", "idioms"]
    if withTrend { header.append("trend") }
    output("| " + header.joined(separator: " | ") + " |")
    output(
      "| " + header.map { ["findings", "sessions", "files"].contains($0) ? "---:" : "---" }.joined(separator: " | ")
        + " |")
    for group in groups {
      var cells = [
        group.severity, group.rule, group.class ?? "", String(group.findings), String(group.sessions),
        String(group.files), Self.builds(group) ?? "", group.osVersions.joined(separator: ", "),
        group.idioms.joined(separator: ", "),
      ]
      if withTrend { cells.append(group.trend.map(Self.describe) ?? "") }
      output("| " + cells.map(MarkdownReporter.cell).joined(separator: " | ") + " |")
    }
  }

  /// `4.1 → 4.3`, or the one build.
  private static func builds(_ group: FindingGroup) -> String? {
    guard let first = group.firstBuild else { return group.lastBuild }
    guard let last = group.lastBuild, last != first else { return first }
    return "\(first) → \(last)"
  }

  private static func describe(_ trend: FindingGroup.Trend) -> String {
    "\(trend.direction.rawValue) since \(trend.sinceBuild): \(trend.since) of \(trend.sessionsSince) sessions "
      + "(\(percent(trend.since, trend.sessionsSince))), before: \(trend.before) of \(trend.sessionsBefore) "
      + "(\(percent(trend.before, trend.sessionsBefore)))"
  }

  private static func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "–" : String(format: "%.0f %%", Double(part) * 100 / Double(whole))
  }
}
