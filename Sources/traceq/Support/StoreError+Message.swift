import TraceStore

extension StoreError {
  /// The error as traceq prints it: what happened and what to do, in one line whatever path or
  /// backend message it holds (``TerminalText``).
  var message: String { TerminalText.escaped(text) }

  private var text: String {
    switch self {
    case .missing(let location):
      "error: no database at \(location); create one with `traceq ingest --db \(location) TRACE…`"
    case .notARegularFile(let location, let kind):
      "error: the database \(location) is \(kind), not a regular file: name a SQLite database file"
    case .cannotOpen(let location, let reason):
      "error: cannot open the database \(location): \(reason)"
    case .writeFailed(let location, let file, let reason):
      "\(file): error: writing to the database \(location) failed, nothing of this file was stored: " + reason
    case .buildFailed(let location, let reason):
      "error: building the new database \(location) failed, nothing was stored: \(reason)"
    case .newerSchema(let location, let found, let known):
      "error: \(location) was written by a newer traceq (schema version \(found); this traceq knows versions up to "
        + "\(known)); it is left untouched: update traceq, or use another database"
    case .notATraceqDatabase(let location, let tables):
      "error: \(location) is not a traceq database: it holds other tables ("
        + (tables.count > 5 ? tables.prefix(5).joined(separator: ", ") + ", …" : tables.joined(separator: ", "))
        + ") and none of traceq's; it is left untouched: give --db a new file or a traceq database"
    case .readFailed(let location, let reason):
      "error: reading the database \(location) failed: \(reason)"
    case .findingsNotStored(let location, let reason):
      "error: storing the findings in \(location) failed (those of the sessions replayed before are stored): "
        + reason
    case .refused(_, let reason):
      "error: \(reason)"
    }
  }
}
