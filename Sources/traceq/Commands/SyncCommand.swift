import ArgumentParser

extension TraceqCommand {
  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Store the trace files of one database in another (a CI runner's SQLite into the team's PostgreSQL).",
      discussion: """
        Each file the target lacks is stored there as its ingest would have stored it: its \
        sessions, events, issues and findings, in one transaction; a file the target has (the \
        same content, by SHA-256) is left as it is, so syncing again stores nothing twice and \
        neither does ingesting the file itself afterwards. A file that fails midway leaves \
        nothing of itself, and the files stored before it stay. Exit status: 0, or 2 when \
        either database cannot be used.

        Examples:
          traceq sync --from traces.db --to postgres://ci@db.internal/traces
          TRACEQ_DB=postgres://ci@db.internal/traces traceq sync --from build/traces.db
        """)

    @Option(help: ArgumentHelp("The database to read: a SQLite file, or a postgres:// URL.", valueName: "path|url"))
    var from: String

    @Option(
      help: ArgumentHelp(
        "The database to store the files in (default: $TRACEQ_DB); created when there is none.", valueName: "path|url"))
    var to: String?

    func validate() throws {
      guard to ?? DatabaseOptions.environmentPath != nil else {
        throw ValidationError("name the database to store the files in: --to PATH|URL, or set TRACEQ_DB")
      }
    }

    func run() throws {
      let target = to ?? DatabaseOptions.environmentPath ?? ""
      try SyncRun(source: from, target: target).execute().end()
    }
  }
}
