import Foundation
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

@Suite(".traceq.yml")
struct ConfigurationTests {
  static func parse(_ text: String) throws -> CheckConfiguration {
    try ConfigurationParser(file: ".traceq.yml", directory: "/repo").parse(text)
  }

  /// The error `text` gives, as printed.
  static func error(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test("every key is read")
  func everyKey() throws {
    let configuration = try Self.parse(
      """
      strict: true
      min_severity: warning
      only_rules: [unbalanced-appearance, did-move-missing]
      disabled_rules:
        - unfinished-appearance
      ignored_classes: [UIInputWindowController, "FBAd*"]
      rules:
        unbalanced-appearance:
          severity: error
          ignored_classes: [LegacyContainer]
      excluded: ["./traces/experimental/**"]
      trace_files: ["*.ndjson.gz"]
      suppressions:
        - rule: did-move-missing
          class: PageViewController
          path: traces/legacy/**
          reason: "JIRA-12: the legacy pager is being rewritten"
        - class: "SDK*"
      """)
    #expect(configuration.strict == true)
    #expect(configuration.minSeverity == .warning)
    #expect(configuration.onlyRules == ["unbalanced-appearance", "did-move-missing"])
    #expect(configuration.disabledRules == ["unfinished-appearance"])
    #expect(configuration.ignoredClasses.map(\.pattern) == ["UIInputWindowController", "FBAd*"])
    #expect(configuration.rules["unbalanced-appearance"]?.severity == .error)
    #expect(configuration.rules["unbalanced-appearance"]?.ignoredClasses.map(\.pattern) == ["LegacyContainer"])
    #expect(configuration.excluded.map(\.pattern) == ["traces/experimental/**"])
    #expect(configuration.traceFiles.map(\.pattern) == ["*.ndjson.gz"])
    #expect(configuration.suppressions.count == 2)
    #expect(configuration.suppressions[0].rule == "did-move-missing")
    #expect(configuration.suppressions[0].className?.pattern == "PageViewController")
    #expect(configuration.suppressions[0].path?.pattern == "traces/legacy/**")
    #expect(configuration.suppressions[0].reason == "JIRA-12: the legacy pager is being rewritten")
    #expect(configuration.suppressions[1].className?.pattern == "SDK*")
    #expect(configuration.scope.directory == "/repo")
  }

  @Test("an empty file is the defaults")
  func empty() throws {
    #expect(try Self.parse("") == CheckConfiguration(file: ".traceq.yml", directory: "/repo"))
    #expect(try Self.parse("# only a comment\n") == CheckConfiguration(file: ".traceq.yml", directory: "/repo"))
  }

  @Test(
    "mistakes are errors that name the key and its line",
    arguments: [
      (
        "strict: true\ndisabled-rules: [x]\n",
        ".traceq.yml:2: error: unknown key 'disabled-rules' in the top level; did you mean 'disabled_rules'?"
      ),
      ("strict: maybe\n", ".traceq.yml:1: error: 'strict' must be true or false, not 'maybe'"),
      (
        "\nmin_severity: fatal\n",
        ".traceq.yml:2: error: 'min_severity' must be one of note, warning, error, not 'fatal'"
      ),
      (
        "disabled_rules:\n  - unbalanced-appearance\n  - no-such-rule\n",
        ".traceq.yml:3: error: disabled_rules: unknown rule 'no-such-rule'"
      ),
      (
        "rules:\n  unbalanced-appearance:\n    level: error\n",
        ".traceq.yml:3: error: unknown key 'level' in rules.unbalanced-appearance"
      ),
      (
        "rules:\n  unbalanced-appearance:\n    severity: high\n",
        ".traceq.yml:3: error: 'rules.unbalanced-appearance.severity' must be one of note, warning, error, not 'high'"
      ),
      ("rules:\n  popover-twice:\n    severity: error\n", ".traceq.yml:2: error: rules: unknown rule 'popover-twice'"),
      (
        "excluded:\n  - \"traces/[abc\"\n",
        ".traceq.yml:2: error: excluded: bad pattern 'traces/[abc': [ is never closed with ]"
      ),
      ("trace_files: [\"logs/*.log\"]\n", ".traceq.yml:1: error: trace_files: 'logs/*.log' has a /"),
      ("suppressions:\n  - reason: because\n", ".traceq.yml:2: error: suppressions[1] needs a rule, a class or a path"),
      (
        "suppressions:\n  - rule: did-move-missing\n    because: x\n",
        ".traceq.yml:3: error: unknown key 'because' in suppressions[1]"
      ),
      ("suppressions: did-move-missing\n", ".traceq.yml:1: error: 'suppressions' must be a list"),
      ("rules: [a, b]\n", ".traceq.yml:1: error: 'rules' must be a mapping"),
      ("strict: true\nstrict: false\n", ".traceq.yml:1: error: the key 'strict' is given twice"),
      ("strict: true\n  min_severity: [\n", ".traceq.yml:2: error: not valid YAML"),
      ("- just\n- a list\n", ".traceq.yml:1: error: 'the top level' must be a mapping"),
    ])
  func mistakes(_ text: String, _ expected: String) {
    let message = Self.error(text)
    #expect(message.hasPrefix(expected), "\(message)")
  }

  @Test("the nearest .traceq.yml of the current directory or its parents is used; --config names another")
  func discovery() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let nested = directory.file("ios/app/ui-tests")
    try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
    try "strict: true\n".write(toFile: directory.file(".traceq.yml"), atomically: true, encoding: .utf8)
    try "min_severity: error\n".write(toFile: directory.file("ios/other.yml"), atomically: true, encoding: .utf8)

    let found = try ConfigurationFile.load(explicit: nil, from: nested)
    #expect(found.strict == true)
    #expect(
      found.file.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        == URL(fileURLWithPath: directory.file(".traceq.yml")).standardizedFileURL.path)
    #expect(found.scope.directory == URL(fileURLWithPath: directory.path).standardizedFileURL.path)

    let explicit = try ConfigurationFile.load(explicit: directory.file("ios/other.yml"), from: nested)
    #expect(explicit.minSeverity == .error && explicit.strict == nil)
    #expect(explicit.scope.directory.hasSuffix("/ios"), "patterns are relative to the file given")

    #expect(throws: ConfigurationError.self) { try ConfigurationFile.load(explicit: directory.file("missing.yml")) }
    #expect(ConfigurationFile.locate(from: "/") == nil || FileManager.default.fileExists(atPath: "/.traceq.yml"))
  }

  @Test("flags override the file: --rule replaces only_rules, --disable adds, --min-severity replaces, --strict adds")
  func merging() throws {
    let configuration = try Self.parse(
      "only_rules: [did-move-missing, will-move-missing]\ndisabled_rules: [will-move-missing]\nmin_severity: warning\n"
        + "rules:\n  did-move-missing:\n    severity: error\n")
    let fromFile = try CheckPolicy(configuration: configuration)
    #expect(fromFile.rules.ids == ["did-move-missing"])
    #expect(fromFile.rules.severity(of: "did-move-missing") == .error)
    #expect(fromFile.minSeverity == .warning && fromFile.failingSeverity == .error)

    let flags = try CheckPolicy(
      configuration: configuration, onlyRules: ["unbalanced-appearance", "did-move-missing"],
      disabledRules: ["did-move-missing"], minSeverity: .note, strict: true)
    #expect(flags.rules.ids == ["unbalanced-appearance"])
    #expect(flags.minSeverity == .note && flags.failingSeverity == .warning)
    #expect(throws: UnknownRule.self) { try CheckPolicy(configuration: configuration, onlyRules: ["nope"]) }
  }

  @Test("--print-config writes a configuration that gives the same policy")
  func printedConfigurationRoundTrips() throws {
    let original = try CheckFixtures.policy(
      """
      strict: true
      disabled_rules: [unfinished-appearance]
      ignored_classes: [UIInputWindowController]
      rules:
        did-move-missing: {severity: error, ignored_classes: ["SDK*"]}
      excluded: [traces/experimental/**]
      trace_files: ["*.trace.gz"]
      suppressions:
        - {rule: unbalanced-appearance, class: FlipsideViewController, reason: "seed 001: hand-called appearance"}
      """, directory: "/repo")
    let printed = ConfigurationPrinter.yaml(original)
    #expect(printed.contains("unfinished-appearance"))
    #expect(printed.contains("severity: error"))
    let reread = try CheckFixtures.policy(printed, directory: "/repo")
    #expect(reread.rules.ids == original.rules.ids)
    #expect(
      RuleCatalog.all.allSatisfy {
        reread.rules.severity(of: $0.description.id) == original.rules.severity(of: $0.description.id)
      })
    #expect(reread.failingSeverity == original.failingSeverity && reread.minSeverity == original.minSeverity)
    #expect(reread.configuration.ignoredClasses == original.configuration.ignoredClasses)
    #expect(reread.configuration.rules["did-move-missing"]?.ignoredClasses == [try Glob("SDK*")])
    #expect(reread.configuration.excluded == original.configuration.excluded)
    #expect(reread.configuration.traceFiles == original.configuration.traceFiles)
    #expect(reread.configuration.suppressions == original.configuration.suppressions)
  }
}
