import ArgumentParser

extension TraceqCommand {
  struct Ingest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ingest",
      abstract: "Store trace files (gzip, zlib or plain NDJSON) in a SQLite database.",
      discussion: """
        Each file is stored in one transaction: a file that fails midway leaves nothing behind. \
        A file whose bytes are already stored is skipped (--force replaces it). Lines that are \
        not valid records are stored in ingest_errors with their message and reported as \
        file:line: error: …; reading goes on.

        Directories are walked for *.ndjson, *.jsonl and *.trace files (optionally .gz, .z, \
        .zz or .zlib); compression is told from the bytes, not the name. `-` reads standard input.

        With --check, each session is also replayed against UIKit's rules as it is stored: the \
        findings are printed as `traceq check` prints them (with .traceq.yml applied, see \
        docs/ci.md) and stored in the anomalies table.

        Exit status: 0 everything stored (and, with --check, no error found), 1 some lines had \
        errors, or --check found errors (warnings too with --strict), 2 a usage error or a file \
        that could not be read at all.

        Examples:
          traceq ingest samples
          traceq ingest --check samples
          traceq ingest --db ci.db build/traces/*.ndjson.gz
          gunzip -c run.ndjson.gz | traceq ingest -
        """)

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Replace stored traces that have the same content instead of skipping them.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print only the total and the errors.")
    var quiet = false

    @Flag(help: "Also replay each session against UIKit's rules and store the findings in anomalies.")
    var check = false

    @OptionGroup var jobs: JobOptions

    @OptionGroup var color: ColorOptions

    @OptionGroup(title: "Checking (with --check)") var rules: RuleOptions

    @OptionGroup(title: "Checking (with --check)") var strictness: StrictOption

    @Argument(help: ArgumentHelp("Trace files or directories; - for standard input.", valueName: "file|dir|-"))
    var inputs: [String]

    func run() throws {
      var run = IngestRun(databasePath: database.path, inputs: inputs, force: force, quiet: quiet)
      run.jobs = jobs.jobs
      if check {
        let policy = try rules.policy(strict: strictness.strict)
        run.check = IngestRun.Check(
          policy: policy,
          reporter: TextReporter(
            output: StandardStreams.printLine, colour: color.enabled(onTerminal: Terminal.standardOutputIsTerminal)),
          sources: try policy.sourceIndex())
      }
      try run.execute().end()
    }
  }
}
