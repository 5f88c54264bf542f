import ArgumentParser

/// `FILE… | --db PATH [--session N]`: what `export` and `report` read, and the rules and
/// `.traceq.yml` they apply as `check` does.
struct ExportInputOptions: ParsableArguments {
  @OptionGroup var database: DatabaseOptions

  @OptionGroup var rules: RuleOptions

  @Option(help: "Only this session: its number in each file (1 for the first), or its sessions.id with --db.")
  var session: Int?

  @Argument(
    help: ArgumentHelp(
      "Trace files or directories, - for standard input (default: the sessions of the database).",
      valueName: "file"))
  var files: [String] = []

  func validate() throws {
    if !files.isEmpty, database.explicitPath != nil { throw ValidationError("Give trace files or --db, not both.") }
    if let session, session < 1 { throw ValidationError("--session needs a number of at least 1.") }
  }

  /// The trace files, else the database.
  var input: ExportInput { files.isEmpty ? .database(database.path) : .files(files) }

  /// The run that writes `product` to `outputPath` (`-`: standard output) from this input.
  /// - Throws: what ``RuleOptions/policy(strict:)`` and ``CheckPolicy/sourceIndex()`` throw.
  func run(_ product: ExportRun.Product, outputPath: String) throws -> ExportRun {
    let policy = try rules.policy()
    return ExportRun(
      product, input: input, session: session, policy: policy, sources: try policy.sourceIndex(),
      outputPath: outputPath)
  }
}
