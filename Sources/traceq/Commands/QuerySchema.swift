import TraceStore

/// `traceq query --schema`: the views and tables a query can use, with their columns, as the
/// database has them (a new database's when it does not exist yet). docs/schema.md describes
/// each of them.
struct QuerySchema {
  var databasePath: String
  var output: (String) -> Void = { print($0) }
  var errorOutput: (String) -> Void = Terminal.error

  /// Prints the schema; returns the exit status (`clean`, or `unusable` when the database
  /// cannot be read).
  func execute() -> ExitStatus {
    do {
      let store = TraceStores.at(databasePath)
      let objects = store.exists ? try store.openQueries(note: errorOutput).objects() : try store.newStoreObjects()
      describe(objects)
      return .clean
    } catch let error as StoreError {
      errorOutput(error.message)
      return .unusable
    } catch {
      errorOutput("\(databasePath): error: \(error)")
      return .unusable
    }
  }

  private func describe(_ objects: [StoredObject]) {
    for object in objects {
      output(object.isView ? "\(object.name) (view)" : object.name)
      let width = object.columns.map(\.name.count).max() ?? 0
      for column in object.columns {
        let declared = column.type.isEmpty ? "" : "  " + column.type
        output("  " + column.name.padding(toLength: width, withPad: " ", startingAt: 0) + declared)
      }
      output("")
    }
    output(
      "docs/schema.md describes each table and column: \(Release.repository)/blob/v\(Release.version)/docs/schema.md")
  }
}
