import ArgumentParser

@main
struct TraceqCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "traceq",
    abstract: "Record-and-replay trace analyser for iOS view-controller behaviour.",
    discussion: """
      Store the traces your app recorded in SQLite and query them with SQL:
        traceq ingest samples
        traceq query "SELECT ev, count(*) FROM events GROUP BY ev ORDER BY 2 DESC"
      """,
    subcommands: [Check.self, Ingest.self, Query.self, Replay.self, Rules.self])
}
