import TraceModel

/// A store of traces: where `ingest` writes trace files, and where `check --db`, `export --db`,
/// `report --db` and `query` read them. A command asks it for the one connection it needs; the
/// implementation keeps its schema, migrations and SQL to itself. Every method throws
/// ``StoreError`` when the store cannot do what is asked (the command words it).
///
/// Each connection works a file, a snapshot or a statement at a time, never an event at a
/// time: a backend's loop over rows runs inside it, without a dynamic call per row.
package protocol TraceStoreBackend: Sendable {
  /// The store as the user named it (a path, a URL without its password), for messages.
  var location: String { get }
  /// Whether there is a store there yet.
  var exists: Bool { get }
  /// Opens the store to add trace files to, creating it when there is none.
  func openWriter() throws -> any TraceFileWriter
  /// Opens the store to replace findings in (`check --db`), bringing its schema up to date.
  func openFindingWriter() throws -> any FindingWriter
  /// Gives `body` the stored sessions as they are when it starts (a snapshot: what a writer
  /// stores meanwhile is not seen, and the writer is not kept waiting). `note` receives what the
  /// user should know about how the store was opened (read-only media).
  func readSessions<T>(note: (String) -> Void, _ body: (any StoredSessionReader) throws -> T) throws -> T
  /// Opens the store for queries that only read.
  func openQueries(note: (String) -> Void) throws -> any QueryRunner
  /// The tables and views a new store has, with their columns.
  func newStoreObjects() throws -> [StoredObject]
}

/// The backends traceq stores traces with (`TraceIngest` routes a location to one of them).
package enum TraceStores {
  /// The SQLite database file at `path`.
  package static func sqlite(at path: String) -> any TraceStoreBackend {
    SQLiteStore(path: path)
  }
}
