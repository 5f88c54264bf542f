import Foundation
import TestSupport
import Testing

/// `traceq check` as a CI job runs it: the built binary, exit statuses, configuration files,
/// baselines and several reports at once.
@Suite("traceq check in CI")
struct CheckCITests {
  /// A temporary directory holding a copy of the samples in `traces/`, and `configuration`
  /// as its `.traceq.yml` when given.
  static func workspace(configuration: String? = nil) throws -> (TemporaryDirectory, CommandRunner) {
    let directory = try TemporaryDirectory()
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: directory.file("traces"))
    try FileManager.default.removeItem(atPath: directory.file("traces/README.md"))
    try configuration?.write(toFile: directory.file(".traceq.yml"), atomically: true, encoding: .utf8)
    return (directory, CommandRunner(directory: directory.path))
  }

  static func errorLines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
  }

  /// Arguments and the exit status they give, run in a workspace.
  static let statuses: [([String], Int32)] = [
    (["traces/flipside-balanced.ndjson.gz"], 0),
    (["traces/flipside-unbalanced.ndjson.gz"], 0),
    (["--strict", "traces/flipside-unbalanced.ndjson.gz"], 1),
    (["--min-severity", "error", "--strict", "traces/flipside-unbalanced.ndjson.gz"], 0),
    (["traces"], 1),
    (
      [
        "--disable", "double-presented-popover", "--disable", "popover-released-while-visible", "--disable",
        "no-common-orientation", "--disable", "transition-without-common-parent", "traces",
      ], 0
    ),
    (["traces/missing.ndjson.gz"], 2),
    ([], 2),
    (["--rule", "no-such-rule", "traces"], 2),
    (["--config", "missing.yml", "traces"], 2),
    (["--baseline", "missing.json", "traces"], 2),
    (["--format", "sarif", "--format", "text", "traces"], 2),
    (["--db", "traces.db", "traces"], 2),
  ]

  @Test(
    "exit status: 0 clean, 1 findings at or above the failing severity, 2 usage or input errors", arguments: statuses)
  func exitStatus(_ arguments: [String], _ status: Int32) throws {
    let (directory, runner) = try Self.workspace()
    defer { directory.remove() }
    let result = try runner.run(["check"] + arguments)
    #expect(result.status == status, "\(result.output)\(result.error)")
    if status == 2 { #expect(result.error.contains("error:"), "\(result.error)") }
  }

  @Test("a bad .traceq.yml stops the run with the key and line, before anything is checked")
  func badConfiguration() throws {
    let (directory, runner) = try Self.workspace(
      configuration: "strict: true\nrules:\n  unbalanced-appearance:\n    severity: fatal\n")
    defer { directory.remove() }
    let result = try runner.run(["check", "traces"])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.error.hasPrefix(
        "\(directory.path)/.traceq.yml:4: error: 'rules.unbalanced-appearance.severity' must be one of note, warning, error"
      ))
  }

  @Test("a new user: a config, a baseline, one new anomaly; only that one is reported and fails")
  func newUser() throws {
    let (directory, runner) = try Self.workspace(
      configuration: """
        # Our UI tests' traces.
        ignored_classes: [UIInputWindowController]
        rules:
          unfinished-appearance: {severity: warning}
        suppressions:
          - rule: no-common-orientation
            path: traces/no-common-orientation.ndjson.gz
            reason: "the game menu is fixed in 2.0"
        """)
    defer { directory.remove() }

    let first = try runner.run(["check", "traces"])
    #expect(first.status == 1)
    #expect(Self.errorLines(first.output).count == 3, "the suppressed error is not shown")
    #expect(
      first.output.contains(":17: warning: MainViewController 0x5c30 got viewWillAppear"), "severity from the config")

    let written = try runner.run(["check", "--write-baseline", "traceq-baseline.json", "traces"])
    #expect(written.status == 0)
    #expect(written.error.contains("wrote traceq-baseline.json: 8 findings"))
    #expect(try runner.run(["check", "--baseline", "traceq-baseline.json", "traces"]).status == 0)

    // The double-camera scenario recorded again (other addresses, fewer events), plus a new anomaly.
    let camera = [
      #"{"traceq":1,"app":"Homepwner","idiom":"pad","os":"7.0"}"#,
      #"{"t":0.1,"ev":"setRoot","vc":"0x91","class":"BNRDetailViewController"}"#,
      #"{"t":0.2,"ev":"popoverCreate","popover":"0x1d4","vc":"0x1e5","class":"UIImagePickerController"}"#,
      #"{"t":0.3,"ev":"popoverPresent","popover":"0x1d4","from":"barButtonItem"}"#,
      #"{"t":0.4,"ev":"popoverCreate","popover":"0x1d6","vc":"0x1e7","class":"UIImagePickerController"}"#,
      #"{"t":0.5,"ev":"popoverPresent","popover":"0x1d6","from":"barButtonItem"}"#,
      #"{"t":0.6,"ev":"popoverRelease","popover":"0x1d4"}"#,
    ]
    try Fixture.write(TraceText.lines(camera), to: directory.file("traces/homepwner-ipad-double-camera.ndjson.gz"))
    let anomaly = [
      #"{"traceq":1,"app":"Homepwner","idiom":"phone","os":"17.0"}"#,
      #"{"ev":"popoverCreate","popover":"0xf1","vc":"0xf2","class":"ShareViewController"}"#,
    ]
    try Fixture.write(TraceText.lines(anomaly), to: directory.file("traces/share-on-phone.ndjson.gz"))

    let check = try runner.run(["check", "--baseline", "traceq-baseline.json", "traces"])
    #expect(check.status == 1)
    let reported = check.output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    #expect(reported.count == 1, "\(check.output)")
    #expect(reported.first?.hasPrefix("traces/share-on-phone.ndjson.gz:2: error: ") == true)
    #expect(reported.first?.hasSuffix("[popover-on-phone]") == true)
    #expect(check.output.contains("not shown: 1 suppressed by the configuration, 8 in the baseline"))
  }

  @Test("several formats in one run, each to its own place; --output for one")
  func severalFormats() throws {
    let (directory, runner) = try Self.workspace()
    defer { directory.remove() }
    let result = try runner.run([
      "check", "--format", "sarif:reports/traceq.sarif", "--format", "junit:reports/junit.xml", "--format", "text",
      "--format", "markdown:summary.md", "traces",
    ])
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("traces/container-fast-swipe.ndjson.gz:30: warning: "))
    let sarif = try Data(contentsOf: URL(fileURLWithPath: directory.file("reports/traceq.sarif")))
    let log = try JSONSerialization.jsonObject(with: sarif) as? [String: Any]
    let results = (log?["runs"] as? [[String: Any]])?.first?["results"] as? [Any]
    #expect(results?.count == 9)
    let uri = ((results?.first as? [String: Any])?["locations"] as? [[String: Any]]).flatMap {
      (($0.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    #expect(uri == "traces/container-fast-swipe.ndjson.gz")
    #expect(try String(contentsOfFile: directory.file("reports/junit.xml"), encoding: .utf8).contains("failures=\"4\""))
    #expect(try String(contentsOfFile: directory.file("summary.md"), encoding: .utf8).hasPrefix("### traceq: 4 errors"))

    let single = try runner.run(["check", "--format", "json", "--output", "findings.json", "traces"])
    #expect(single.status == 1 && single.output.isEmpty)
    #expect(try String(contentsOfFile: directory.file("findings.json"), encoding: .utf8).contains("\"version\" : 1"))

    let conflict = try runner.run(["check", "--format", "sarif", "--output", "a.sarif", "--format", "text", "traces"])
    #expect(conflict.status == 2)
    #expect(
      conflict.error.contains(
        "--format sarif and --format text would both write to a.sarif; give --format text a file of its own: "
          + "--format text:a.txt\n"))
    let sameKind = try runner.run(
      ["check", "--format", "json:out/r.json", "--format", "codeclimate:out/r.json", "traces"])
    #expect(sameKind.status == 2)
    #expect(
      sameKind.error.contains(
        "write to out/r.json; give --format codeclimate a file of its own: --format codeclimate:out/r-codeclimate.json\n"
      ))
    let bothPrinted = try runner.run(["check", "--format", "json", "--format", "markdown", "traces"])
    #expect(bothPrinted.status == 2)
    #expect(
      bothPrinted.error.contains(
        "write to standard output; give --format markdown a file of its own: --format markdown:traceq.md\n"))
  }

  @Test("--print-config shows the configuration in force, and reads back the same")
  func printConfig() throws {
    let (directory, runner) = try Self.workspace(
      configuration: "min_severity: warning\nexcluded: [traces/no-common-*]\n")
    defer { directory.remove() }
    let printed = try runner.run(["check", "--print-config", "--strict", "--disable", "did-move-missing"])
    #expect(printed.status == 0)
    #expect(printed.output.contains("# The configuration traceq check uses: \(directory.path)/.traceq.yml"))
    #expect(printed.output.contains("strict: true\nmin_severity: warning\n"))
    #expect(printed.output.contains("disabled_rules:\n- did-move-missing\n"))
    #expect(printed.output.contains("excluded:\n- traces/no-common-*\n"))
    try printed.output.write(toFile: directory.file("printed.yml"), atomically: true, encoding: .utf8)

    let original = try runner.run(["check", "--strict", "--disable", "did-move-missing", "traces"])
    let reread = try runner.run(["check", "--config", "printed.yml", "traces"])
    #expect(reread.status == original.status)
    #expect(reread.output == original.output)
    #expect(!original.output.contains("no-common-orientation"))
  }

  @Test("--db: the configuration and the baseline apply to the stored sessions; a bad database is status 2")
  func storedSessions() throws {
    let (directory, runner) = try Self.workspace(configuration: "suppressions:\n  - class: UIImagePickerController\n")
    defer { directory.remove() }
    #expect(try runner.run(["ingest", "traces"]).status == 0)
    let first = try runner.run(["check", "--db", "traces.db", "--format", "json"])
    #expect(first.status == 1)
    let summary = try CheckFixtures.json(first.output)["summary"] as? [String: Any]
    #expect(summary?["suppressed"] as? Int == 2 && summary?["errors"] as? Int == 2)
    #expect(try runner.run(["check", "--db", "traces.db", "--write-baseline", "b.json"]).status == 0)
    let again = try runner.run(["check", "--db", "traces.db", "--baseline", "b.json"])
    #expect(again.status == 0)
    #expect(again.output.contains("not shown: 2 suppressed by the configuration, 7 in the baseline"))

    try "not a database".write(toFile: directory.file("bad.db"), atomically: true, encoding: .utf8)
    let bad = try runner.run(["check", "--db", "bad.db"])
    #expect(bad.status == 2)
    #expect(bad.error.contains("error:"))
    let missing = try runner.run(["check", "--db", "missing.db"])
    #expect(missing.status == 2)
    #expect(missing.output.isEmpty, "no summary of a check that could not start")
    #expect(
      missing.error == "error: no database at missing.db; create one with `traceq ingest --db missing.db TRACE…`\n")
  }
}
