/// What identifies this build of traceq: the one version string (`traceq --version`, the JSON
/// report, SARIF's `tool.driver.version`, `Scripts/release`'s archive names) and the canonical
/// repository every link points into.
enum Release {
  /// The version, as tagged (`v` + it) and recorded in CHANGELOG.md.
  static let version = "1.0.0"
  /// The repository: the README, the Action and the release archives live there.
  static let repository = "https://github.com/traceq/traceq"

  /// docs/rules.md as of this version's tag.
  static var rulesDocument: String { "\(repository)/blob/v\(version)/docs/rules.md" }

  /// docs/trace-format.md as of this version's tag.
  static var traceFormatDocument: String { "\(repository)/blob/v\(version)/docs/trace-format.md" }

  /// A rule's section of docs/rules.md (GitHub makes `## id` the anchor `#id`).
  static func helpURL(rule id: String) -> String { "\(rulesDocument)#\(id)" }
}
