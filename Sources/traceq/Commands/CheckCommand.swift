import ArgumentParser
import Foundation

extension TraceqCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay traces against UIKit's rules and report what breaks them.",
      discussion: """
        Each session is replayed through a model of UIKit's view controllers, presentations, popovers
        and orientation; calls UIKit would refuse, warn about or throw on are reported at file:line.
        Files are streamed: no database is needed. With --db (and no files), the sessions stored in
        the database are replayed and the results written to its `anomalies` table.

        Exit status: 0 no error (no warning either, with --strict), 1 findings at or above that
        severity, 2 a usage error or a file that cannot be read.

        Examples:
          traceq check samples
          traceq check --rule double-presented-popover --rule popover-released-while-visible traces/
          traceq check --format json build/ui-tests/*.ndjson.gz > findings.json
          traceq check --db traces.db --min-severity warning
        """)

    @OptionGroup var rules: RuleOptions

    @Option(help: "Output format.")
    var format: CheckFormat = .text

    @Option(
      name: .customLong("db"),
      help: ArgumentHelp("Replay the sessions stored in this database and write its anomalies table.", valueName: "path"))
    var database: String?

    @Argument(help: ArgumentHelp("Trace files or directories; - for standard input.", valueName: "file|dir|-"))
    var inputs: [String] = []

    func validate() throws {
      if database == nil, inputs.isEmpty { throw ValidationError("Give trace files or directories, or --db PATH.") }
      if database != nil, !inputs.isEmpty {
        throw ValidationError("--db replays the stored sessions; to store and check files, use `traceq ingest --check`.")
      }
    }

    func run() throws {
      let reporter = format.makeReporter(output: { print($0) }, errorOutput: Terminal.error)
      let status: Int32
      if let database {
        status = try StoredCheckRun(
          databasePath: database, rules: try rules.ruleSet(), minSeverity: rules.minSeverity,
          failingSeverity: rules.failingSeverity, reporter: reporter
        ).execute()
      } else {
        status = CheckRun(
          inputs: inputs, rules: try rules.ruleSet(), minSeverity: rules.minSeverity,
          failingSeverity: rules.failingSeverity, reporter: reporter
        ).execute()
      }
      if status != 0 { throw ExitCode(status) }
    }
  }
}

/// The report formats of `traceq check`.
enum CheckFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json

  func makeReporter(output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) -> FindingReporter {
    switch self {
    case .text: TextReporter(output: output, colour: Terminal.standardOutputIsTerminal)
    case .json: JSONReporter(output: output, errorOutput: errorOutput)
    }
  }
}
