import Foundation
import TraceIngest
import TraceStore

/// `traceq query`: runs statements on a read-only connection and prints their rows, within
/// limits: a time limit (a progress handler stops a statement that runs longer) and a size
/// limit on every value, so that a runaway query ends with a clear message.
struct QueryRun {
  var databasePath: String
  var sql: String
  var format: QueryFormat
  /// Whether standard output is a terminal (a person reads it): CSV escapes control characters.
  var forTerminal = false
  /// `--escape-formulas`: CSV text that a spreadsheet would run as a formula is made text.
  var escapesFormulas = false
  /// Seconds a run may take; nil for no limit.
  var timeout: Double? = QueryRun.defaultTimeout
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error
  /// Whether nothing more can be printed (`traceq query … | head -1`): the run stops there.
  var outputIsClosed: () -> Bool = { StandardStreams.outputIsClosed }

  /// The default of `--timeout`, in seconds.
  static let defaultTimeout: Double = 300
  /// The longest string or blob a statement may build (a stored record is at most 1 MiB).
  static let maxValueLength: Int32 = 32 << 20

  /// Runs the SQL; returns the exit status (`clean` success, `findings` SQLite refused or
  /// stopped a statement, `unusable` no usable database or no statement).
  func execute() throws -> ExitStatus {
    guard Self.holdsStatement(sql) else {
      errorOutput(
        "error: the SQL holds no statement (it is empty, or only comments); "
          + "for example: traceq query \"SELECT count(*) FROM events\"")
      return .unusable
    }
    let queries: any QueryRunner
    do {
      queries = try TraceStores.at(databasePath).openQueries(note: errorOutput)
    } catch let error as StoreError {
      errorOutput(error.message)
      return .unusable
    }
    let limits = QueryLimits(maxValueLength: Self.maxValueLength, seconds: timeout)
    do {
      try queries.run(sql, limits: limits) { columns, rows in
        let printer = format.makePrinter(
          columns: columns, output: output, forTerminal: forTerminal, escapingFormulas: escapesFormulas)
        do {
          var printed = 0
          while try rows.step() {
            printer.add(rows)
            printed &+= 1
            // A row costs well under a microsecond: the lock behind the answer is asked for
            // every 256 rows, a few KiB of output.
            if printed & 0xFF == 0, outputIsClosed() { throw OutputClosed() }
          }
        } catch {
          printer.flush()
          throw error
        }
        printer.flush()
        printer.finish()
        if outputIsClosed() { throw OutputClosed() }
      }
      return .clean
    } catch is OutputClosed {
      return .clean
    } catch StoreError.refused(let refusal, let reason) {
      errorOutput(message(for: refusal, reason))
      return .findings
    }
  }

  private func message(for refusal: QueryRefusal, _ reason: String) -> String {
    switch refusal {
    case .interrupted:
      "error: the query ran longer than \(Self.seconds(timeout ?? 0)) and was stopped; "
        + "give --timeout SECONDS for more time (0: no limit)"
    case .tooBig:
      "error: a value the query builds is over traceq query's limit of \(Self.maxValueLength >> 20) MiB (\(reason))"
    case .outOfMemory:
      "error: SQLite ran out of memory running the query"
    case .notAllowed:
      "error: traceq query only reads the database: \(reason) is not allowed"
    case .other:
      "error: \(reason)"
    }
  }

  /// Stops the statements: what they print has no reader any more.
  private struct OutputClosed: Error {}

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
}
