import ArgumentParser
import Foundation

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
    subcommands: [
      Check.self, Ingest.self, Query.self, Replay.self, Export.self, Report.self, Rules.self, Generate.self,
    ])

  /// Runs the command; a command line the parser rejects exits with status 2, as every other
  /// usage error does (swift-argument-parser's own default is 64).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      if exitCode(for: error) == .validationFailure {
        Terminal.error(fullMessage(for: error))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
