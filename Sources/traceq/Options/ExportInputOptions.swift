import ArgumentParser

/// `FILE | --db PATH [--session N]`: what `export` and `report` read.
struct ExportInputOptions: ParsableArguments {
  @OptionGroup var database: DatabaseOptions

  @Option(help: "Only this session: its number in the file (1 for the first), or its sessions.id with --db.")
  var session: Int?

  @Argument(
    help: ArgumentHelp(
      "A trace file, or - for standard input (default: the sessions of the database).", valueName: "file"))
  var file: String?

  func validate() throws {
    if file != nil, database.explicitPath != nil { throw ValidationError("Give a trace file or --db, not both.") }
    if let session, session < 1 { throw ValidationError("--session needs a number of at least 1.") }
  }

  /// The trace file, else the database.
  var input: ExportInput { file.map(ExportInput.file) ?? .database(database.path) }
}
