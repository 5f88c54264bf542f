import Foundation
import GRDB

/// `traceq query --schema`: the views and tables a query can use, with their columns, as the
/// database has them (a new database's when it does not exist yet). docs/schema.md describes
/// each of them.
struct QuerySchema {
  var databasePath: String
  var output: (String) -> Void = { print($0) }
  var errorOutput: (String) -> Void = Terminal.error

  /// Prints the schema; returns the exit status (0, or 2 when the database cannot be read).
  func execute() -> Int32 {
    do {
      if FileManager.default.fileExists(atPath: databasePath) {
        try describe(try TraceStore.openReadOnly(path: databasePath))
      } else {
        let directory = FileManager.default.temporaryDirectory
          .appendingPathComponent("traceq-schema-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try describe(try TraceStore.openForWriting(path: directory.appendingPathComponent("schema.db").path))
      }
      return 0
    } catch let error as StoreError {
      errorOutput(error.description)
      return 2
    } catch {
      errorOutput("\(databasePath): error: \(StoreError.reason(error))")
      return 2
    }
  }

  private func describe(_ queue: DatabaseQueue) throws {
    try queue.read { db in
      let objects = try Row.fetchAll(
        db,
        sql: """
          SELECT name, type FROM sqlite_master
          WHERE type IN ('table', 'view') AND name NOT LIKE 'grdb_%' AND name NOT LIKE 'sqlite_%'
          ORDER BY type = 'table', rowid
          """)
      for object in objects {
        let name: String = object["name"]
        let type: String = object["type"]
        output(type == "view" ? "\(name) (view)" : name)
        let columns = try db.columns(in: name)
        let width = columns.map(\.name.count).max() ?? 0
        for column in columns {
          let declared = column.type.isEmpty ? "" : "  " + column.type
          output("  " + column.name.padding(toLength: width, withPad: " ", startingAt: 0) + declared)
        }
        output("")
      }
      output(
        "docs/schema.md describes each table and column: \(Release.repository)/blob/v\(Release.version)/docs/schema.md")
    }
  }
}
