/// What stops a command that needs the store, as data: the command words it.
package enum StoreError: Error {
  /// There is no store at `location`.
  case missing(location: String)
  /// Something other than a regular file is at `location` (`kind`: "a FIFO (named pipe)", …).
  case notARegularFile(location: String, kind: String)
  /// The store cannot be opened (or created); `reason` is the backend's own message.
  case cannotOpen(location: String, reason: String)
  /// Storing the trace `file` failed (a full disk); nothing of it was stored.
  case writeFailed(location: String, file: String, reason: String)
  /// A new store could not be completed; it was not published.
  case buildFailed(location: String, reason: String)
  /// The store was written by a newer traceq (schema version `found`; this one knows up to
  /// `known`).
  case newerSchema(location: String, found: Int, known: Int)
  /// The store at `location` holds `tables` of another program's and none of traceq's: it is
  /// left untouched.
  case notATraceqDatabase(location: String, tables: [String])
  /// Reading the store failed (a damaged file, an I/O error).
  case readFailed(location: String, reason: String)
  /// Writing findings failed; those stored before stay.
  case findingsNotStored(location: String, reason: String)
  /// The backend refused or stopped a statement of a query (``QueryRunner``).
  case refused(QueryRefusal, reason: String)
}

/// Why the backend did not complete a query's statement.
package enum QueryRefusal: Sendable {
  /// The query ran past its time limit.
  case interrupted
  /// A value the query builds is longer than the limit.
  case tooBig
  case outOfMemory
  /// The statement does something a query may not (write, attach a database, call a function
  /// that reaches memory or files): `reason` says what.
  case notAllowed
  /// Anything else: a syntax error, a write on a read-only connection, ...
  case other
}
