import TraceIngest
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
    let store = TraceStores.at(databasePath)
    do {
      let objects = store.exists ? try store.openQueries(note: errorOutput).objects() : try store.newStoreObjects()
      describe(objects)
      return .clean
    } catch let error as StoreError {
      errorOutput(error.message)
      return .unusable
    } catch {
      errorOutput(TerminalText.escaped("\(store.location): error: \(error)"))
      return .unusable
    }
  }

  private func describe(_ objects: [StoredObject]) {
    for object in objects {
      // Names as the database gives them, made printable.
      let name = TerminalText.escaped(object.name)
      output(object.isView ? "\(name) (view)" : name)
      let columns = object.columns.map { (TerminalText.escaped($0.name), TerminalText.escaped($0.type)) }
      let width = columns.map(\.0.count).max() ?? 0
      for (column, type) in columns {
        let declared = type.isEmpty ? "" : "  " + type
        output("  " + column.padding(toLength: width, withPad: " ", startingAt: 0) + declared)
      }
      output("")
    }
    output(
      "docs/schema.md describes each table and column: \(Release.repository)/blob/v\(Release.version)/docs/schema.md")
  }
}
