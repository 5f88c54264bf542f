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
    version: Release.version,
    subcommands: [
      Check.self, Ingest.self, Query.self, Findings.self, Sync.self, Replay.self, Export.self, Report.self, Rules.self,
      Generate.self, Collect.self,
    ])

  /// Runs the command; a command line the parser rejects exits with status 2, as every other
  /// usage error does (swift-argument-parser's own default is 64), and any other error it reports
  /// too; a ``CommandError`` ends with its own status and line. Output that could not be
  /// written also ends with status 2 (``StandardStreams``).
  static func main() {
    StandardStreams.openClosedDescriptors()
    StandardStreams.ignoreClosedPipes()
    var status: ExitStatus
    do {
      var command = try parseAsRoot()
      try command.run()
      status = .clean
    } catch let error as any CommandError {
      // One line, whatever path or value it names.
      if let message = error.message { Terminal.error(TerminalText.escaped(message)) }
      status = error.status
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      status = code == .success ? .clean : .unusable
      if code == .success {
        if !message.isEmpty { StandardStreams.printLine(message) }
      } else if !message.isEmpty {
        Terminal.error(message)
        if code == .validationFailure, CommandLine.arguments.contains(where: looksLikeSQLComment) {
          Terminal.error(
            "hint: SQL that starts with a -- comment is read as an option; put -- before it: traceq query -- \"-- …\"")
        }
      }
    }
    Foundation.exit(StandardStreams.exitStatus(for: status).rawValue)
  }

  /// An argument such as `-- the slow ones\nSELECT …`: a comment, not an option.
  private static func looksLikeSQLComment(_ argument: String) -> Bool {
    argument.hasPrefix("--") && argument.dropFirst(2).contains { $0.isWhitespace }
  }
}
