import Foundation
import GRDB
import GRDBSQLite

/// The limits `traceq query` runs a user's SQL within: the longest value a statement may build,
/// and a deadline after which SQLite's progress handler stops the statement (SQLITE_INTERRUPT).
public struct QueryLimits: Sendable {
  /// The longest string or blob a statement may build, in bytes.
  public var maxValueLength: Int32
  /// Seconds a run may take; nil or 0 for no limit.
  public var seconds: Double?

  public init(maxValueLength: Int32, seconds: Double?) {
    self.maxValueLength = maxValueLength
    self.seconds = seconds
  }

  /// Runs `body` on `db` with the limits in force, and lifts the time limit afterwards.
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
