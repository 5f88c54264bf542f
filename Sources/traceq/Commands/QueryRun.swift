import Foundation
import TraceStore

/// `traceq query`: runs statements on a read-only connection and prints their rows.
struct QueryRun {
  var databasePath: String
  var sql: String
  var format: QueryFormat
  var output: (String) -> Void = { print($0) }
  var errorOutput: (String) -> Void = Terminal.error

  /// Runs the SQL; returns the exit status (0 success, 1 SQLite refused a statement,
  /// 2 no usable database).
  func execute() throws -> Int32 {
    let reader: StoreReader
    do {
      reader = try StoreReader(path: databasePath)
    } catch let error as StoreError {
      errorOutput(error.description)
      return 2
    }
    do {
      try reader.execute(sql) { columns, rows in
        let printer = format.makePrinter(columns: columns, output: output)
        while let row = try rows.next() { printer.add(row) }
        printer.finish()
      }
      return 0
    } catch let error as StoreError {
      errorOutput(error.description)
      return 1
    }
  }
}
