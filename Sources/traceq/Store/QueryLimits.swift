import Foundation
import GRDB
import GRDBSQLite

/// The limits `traceq query` runs within: a time limit (a progress handler stops a statement
/// that runs longer) and a size limit on every value a statement builds.
final class QueryLimits {
  /// The longest string or blob a statement may build (a stored record is at most 1 MiB).
  static let maxValueLength: Int32 = 32 << 20

  private let deadline: Date?

  /// Limits for a run of at most `timeout` seconds (nil or 0: no time limit).
  init(timeout: Double?) {
    deadline = timeout.flatMap { $0 > 0 ? Date(timeIntervalSinceNow: $0) : nil }
  }

  /// Runs `body` on `db` within the limits.
  func run<T>(on db: Database, _ body: () throws -> T) rethrows -> T {
    sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, Self.maxValueLength)
    if deadline != nil {
      sqlite3_progress_handler(db.sqliteConnection, 10_000, Self.check, Unmanaged.passUnretained(self).toOpaque())
    }
    defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
    return try body()
  }

  /// Called by SQLite every few thousand steps: non-zero stops the statement (SQLITE_INTERRUPT).
  private static let check: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
    guard let context else { return 0 }
    let limits = Unmanaged<QueryLimits>.fromOpaque(context).takeUnretainedValue()
    return (limits.deadline.map { Date() >= $0 } ?? false) ? 1 : 0
  }
}
