import ArgumentParser
import Foundation

extension TraceqCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Replay traces against UIKit's rules and report what breaks them.",
      discussion: """
        Each session is replayed through a model of UIKit's view controllers, presentations, popovers \
        and orientation; calls UIKit would refuse, warn about or throw on are reported at file:line. \
        Console logs (Xcode, NSLog, `log show` in any style), crash reports (.ips, .crash) and the \
        console events of traces are read too: what UIKit itself said there is reported as found by \
        uikit (docs/console-logs.md lists what is recognised). Files are told apart by content. \
        Files are streamed: no database is needed. With --db (or $TRACEQ_DB) and no files, the sessions stored in \
        the database are replayed, -j sessions at once (at most 8), and the results written to its `anomalies` \
        table.

        Settings come from .traceq.yml (in the current directory or a parent, or --config); the \
        flags override it. --print-config shows the result. docs/ci.md describes the file, the \
        report formats, baselines and suppressions.

        Exit status: 0 nothing at or above the failing severity (error; warning with --strict or \
        strict: true) that is not suppressed or in the baseline, 1 something, 2 a usage error, a \
        bad configuration or baseline, or a file that cannot be read.

        Examples:
          traceq check samples
          traceq check device.log crash.ips
          traceq check --cross-check recorded.ndjson.gz
          traceq check --rule double-presented-popover traces/
          traceq check --format json build/ui-tests/*.ndjson.gz > findings.json
          traceq check --format github --format sarif:traceq.sarif traces/
          traceq check --write-baseline .traceq-baseline.json traces/
          traceq check --baseline .traceq-baseline.json traces/
          traceq check --source-root App/Sources --format github traces/
          traceq check --print-config
          traceq check --db traces.db --min-severity warning
        """)

    @OptionGroup var rules: RuleOptions

    @OptionGroup var strictness: StrictOption

    @OptionGroup var report: ReportOptions

    @OptionGroup var jobs: JobOptions

    @Flag(
      help: """
        After the findings, print the cross-check of the model against UIKit: for each session with both \
        recorded events and UIKit diagnostics in its console, which findings UIKit confirmed, which it \
        reported and the replay missed, and which it did not confirm. (The JSON report always has it.)
        """)
    var crossCheck = false

    @Flag(
      help:
        "Also say, on standard error, what each log or crash report was read as and how many UIKit diagnostics it held."
    )
    var verbose = false

    @OptionGroup var color: ColorOptions

    @Flag(help: "Print the configuration in force (.traceq.yml merged with the flags) and exit.")
    var printConfig = false

    @Option(
      name: .customLong("db"),
      help: ArgumentHelp(
        "Replay the sessions stored in this database and write its anomalies table ($TRACEQ_DB when no files "
          + "are given).", valueName: "path"))
    var explicitDatabase: String?

    /// `--db`, else `$TRACEQ_DB` when no files are given (as `ingest` and `query` use it).
    private var database: String? { explicitDatabase ?? (inputs.isEmpty ? DatabaseOptions.environmentPath : nil) }

    @Argument(help: ArgumentHelp("Trace files or directories; - for standard input.", valueName: "file|dir|-"))
    var inputs: [String] = []

    func run() throws {
      try execute().end()
    }

    /// Runs the check; returns its exit status.
    /// - Throws: a ``CommandError`` when the check cannot start or its results cannot be written.
    private func execute() throws -> ExitStatus {
      let policy = try rules.policy(strict: strictness.strict)
      if printConfig {
        StandardStreams.print(ConfigurationPrinter.yaml(policy))
        return .clean
      }
      if database == nil, inputs.isEmpty {
        throw CommandFailure.usage("give trace files or directories, or --db PATH (or set $TRACEQ_DB)")
      }
      if explicitDatabase != nil, !inputs.isEmpty {
        throw CommandFailure.usage(
          "--db replays the stored sessions; to store and check files, use `traceq ingest --check`")
      }
      let baseline = try report.loadBaseline()
      let context = ReportContext(
        failingSeverity: policy.failingSeverity, rules: policy.rules, usesBaseline: baseline != nil,
        showsCrossCheck: crossCheck)
      let reporter = try report.makeReporter(context: context, colour: { color.enabled(onTerminal: $0) })
      let recording = report.writeBaseline != nil
      let sources = try policy.sourceIndex()
      let outcome =
        if let database {
          StoredCheckRun(
            databasePath: database, jobs: jobs.jobs, policy: policy, baseline: baseline, recordsBaseline: recording,
            sources: sources, reporter: reporter
          ).execute()
        } else {
          CheckRun(
            inputs: inputs, jobs: jobs.jobs, policy: policy, baseline: baseline, recordsBaseline: recording,
            sources: sources, reporter: reporter, noteOutput: verbose ? { Terminal.error($0) } : nil
          )
          .execute()
        }
      try reporter.close()
      if let path = report.writeBaseline, let recorded = outcome.recorded {
        try recorded.write(to: path)
        let written = TerminalText.escaped(path)
        Terminal.error(
          "wrote \(written): \(Plural.count(recorded.total, "finding")); --baseline \(written) reports only new ones")
      }
      return outcome.status
    }
  }
}
