import Foundation
import GRDB
import GRDBSQLite

/// `traceq query`: runs statements on a read-only connection and prints their rows, within
/// limits: a time limit (a progress handler stops a statement that runs longer) and a size
/// limit on every value, so that a runaway query ends with a clear message.
struct QueryRun {
  var databasePath: String
  var sql: String
  var format: QueryFormat
  /// Seconds a run may take; nil for no limit.
  var timeout: Double? = QueryRun.defaultTimeout
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  /// The default of `--timeout`, in seconds.
  static let defaultTimeout: Double = 300
  /// The longest string or blob a statement may build (a stored record is at most 1 MiB).
  static let maxValueLength: Int32 = 32 << 20

  /// Runs the SQL; returns the exit status (0 success, 1 SQLite refused or stopped a
  /// statement, 2 no usable database or no statement).
  func execute() throws -> Int32 {
    guard Self.holdsStatement(sql) else {
      errorOutput(
        "error: the SQL holds no statement (it is empty, or only comments); "
          + "for example: traceq query \"SELECT count(*) FROM events\"")
      return 2
    }
    let queue: DatabaseQueue
    do {
      queue = try TraceStore.openReadOnly(path: databasePath, note: errorOutput)
    } catch let error as StoreError {
      errorOutput(error.description)
      return 2
    }
    let deadline = Deadline(seconds: timeout)
    do {
      try queue.read { db in
        sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, Self.maxValueLength)
        if deadline.date != nil {
          sqlite3_progress_handler(
            db.sqliteConnection, 10_000, Deadline.check, Unmanaged.passUnretained(deadline).toOpaque())
        }
        defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
        let statements = try db.allStatements(sql: sql)
        while let statement = try statements.next() {
          let printer = format.makePrinter(columns: statement.columnNames, output: output)
          let rows = try Row.fetchCursor(statement)
          while let row = try rows.next() { printer.add(row) }
          printer.finish()
        }
      }
      return 0
    } catch let error as DatabaseError {
      errorOutput(message(for: error))
      return 1
    }
  }

  private func message(for error: DatabaseError) -> String {
    switch error.resultCode {
    case .SQLITE_INTERRUPT:
      "error: the query ran longer than \(Self.seconds(timeout ?? 0)) and was stopped; "
        + "give --timeout SECONDS for more time (0: no limit)"
    case .SQLITE_TOOBIG:
      "error: a value the query builds is over traceq query's limit of \(Self.maxValueLength >> 20) MiB "
        + "(\(error.message ?? "string or blob too big"))"
    case .SQLITE_NOMEM:
      "error: SQLite ran out of memory running the query"
    default:
      "error: \(error.message ?? "\(error.resultCode)")"
    }
  }

  /// Whether `sql` holds something besides whitespace and comments.
  static func holdsStatement(_ sql: String) -> Bool {
    var rest = Substring(sql)
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == ";" }
      if rest.hasPrefix("--") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*") {
        guard let end = rest.range(of: "*/") else { return false }
        rest = rest[end.upperBound...]
      } else {
        return !rest.isEmpty
      }
    }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
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
