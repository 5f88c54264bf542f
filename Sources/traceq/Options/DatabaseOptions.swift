import ArgumentParser
import Foundation

/// `--db PATH`, shared by the commands that use the database.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The SQLite database (default: $TRACEQ_DB, else traces.db in the current directory).", valueName: "path"))
  var explicitPath: String?

  /// The database to use: `--db`, else `$TRACEQ_DB`, else `traces.db`.
  var path: String {
    if let explicitPath { return explicitPath }
    if let fromEnvironment = ProcessInfo.processInfo.environment["TRACEQ_DB"], !fromEnvironment.isEmpty {
      return fromEnvironment
    }
    return "traces.db"
  }
}
