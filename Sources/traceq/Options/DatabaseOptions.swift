import ArgumentParser
import Foundation

/// `--db PATH`, shared by the commands that use the database.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database: a SQLite file, or a postgres:// URL (default: $TRACEQ_DB, else traces.db in the current "
        + "directory).", valueName: "path|url"))
  var explicitPath: String?

  /// The database to use: `--db`, else `$TRACEQ_DB`, else `traces.db`.
  var path: String { explicitPath ?? Self.environmentPath ?? "traces.db" }

  /// `$TRACEQ_DB`, when set and not empty.
  static var environmentPath: String? {
    ProcessInfo.processInfo.environment["TRACEQ_DB"].flatMap { $0.isEmpty ? nil : $0 }
  }
}
