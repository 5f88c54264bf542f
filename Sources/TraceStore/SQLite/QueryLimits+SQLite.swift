import Foundation
import GRDB
import GRDBSQLite

extension QueryLimits {
  /// Runs `body` on `db` with the limits in force (SQLite's progress handler stops a statement
  /// past the deadline with SQLITE_INTERRUPT), and lifts the time limit afterwards.
  func apply<T>(to db: Database, _ body: () throws -> T) rethrows -> T {
    sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, maxValueLength)
    let deadline = Deadline(seconds: seconds)
    if deadline.date != nil {
      sqlite3_progress_handler(
        db.sqliteConnection, 10_000, Deadline.check, Unmanaged.passUnretained(deadline).toOpaque())
    }
    defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
    return try withExtendedLifetime(deadline) { try body() }
  }

  /// When a run must end, for SQLite's progress handler.
  private final class Deadline {
    let date: Date?

    init(seconds: Double?) {
      date = seconds.flatMap { $0 > 0 ? Date(timeIntervalSinceNow: $0) : nil }
    }

    /// Called by SQLite every few thousand steps: non-zero stops the statement.
    static let check: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
      guard let context else { return 0 }
      let deadline = Unmanaged<Deadline>.fromOpaque(context).takeUnretainedValue()
      return (deadline.date.map { Date() >= $0 } ?? false) ? 1 : 0
    }
  }
}
