import Foundation
import GRDB

/// `traceq query`: runs statements on a read-only connection and prints their rows.
struct QueryRun {
  var databasePath: String
  var sql: String
  var format: QueryFormat
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  /// Runs the SQL; returns the exit status (0 success, 1 SQLite refused a statement,
  /// 2 no usable database).
  func execute() throws -> Int32 {
    let queue: DatabaseQueue
    do {
      queue = try TraceStore.openReadOnly(path: databasePath)
    } catch let error as StoreError {
      errorOutput(error.description)
      return 2
    }
    do {
      try queue.read { db in
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
      errorOutput("error: \(error.message ?? "\(error.resultCode)")")
      return 1
    }
  }
}
