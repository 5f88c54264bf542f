import ArgumentParser

extension TraceqCommand {
  struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "query",
      abstract: "Run SQL on the trace database (read-only).",
      discussion: """
        The connection is read-only: a statement that would modify the database fails. A query \
        is stopped after --timeout seconds (default 300), and no value it builds may exceed 32 MiB. \
        SQL that starts with a -- comment must follow a lone --: traceq query -- "-- …". \
        Tables and views are documented in docs/schema.md; the most used is the view \
        `events` (file, session_id, line, t, ev, vc, class, other, popover, orientation, mask, \
        style, animated, record). json_extract(record, '$.key') reaches every key of a record.

        Values are printed as stored. To a terminal, every format escapes control characters. \
        A spreadsheet opening the CSV runs a value that starts with =, +, -, @, a tab or a \
        carriage return as a formula: --escape-formulas puts a ' before such values (for a CSV \
        file others will open; it changes the values).

        Examples:
          traceq query "SELECT ev, count(*) FROM events GROUP BY ev ORDER BY 2 DESC"
          traceq query "SELECT file, line, class FROM events WHERE class LIKE 'BNR%'"
          traceq query --format json "SELECT * FROM sessions"
          traceq query --schema
        """)

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Output format (default: table on a terminal, csv otherwise).")
    var format: QueryFormat?

    @Option(
      help: ArgumentHelp(
        "Stop a query that runs longer than this many seconds (0: no limit).", valueName: "seconds"))
    var timeout: Double = QueryRun.defaultTimeout

    @Flag(help: "CSV: put a ' before a text value that starts with =, +, -, @, a tab or a carriage return.")
    var escapeFormulas = false

    @Flag(help: "Print the tables and views with their columns, and exit.")
    var schema = false

    @Argument(help: ArgumentHelp("One or more SQL statements.", valueName: "sql"))
    var sql: String?

    func validate() throws {
      if schema, sql != nil { throw ValidationError("Give SQL or --schema, not both.") }
      if !schema, sql == nil { throw ValidationError("Give SQL to run, or --schema to see the tables.") }
      if escapeFormulas, let format, format != .csv {
        throw ValidationError("--escape-formulas applies to --format csv")
      }
      guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout must be 0 or more seconds") }
    }

    func run() throws {
      guard let sql else {
        try QuerySchema(databasePath: database.path).execute().end()
        return
      }
      let forTerminal = Terminal.standardOutputIsTerminal
      try QueryRun(
        databasePath: database.path, sql: sql, format: format ?? (forTerminal ? .table : .csv),
        forTerminal: forTerminal,
        escapesFormulas: escapeFormulas, timeout: timeout
      ).execute().end()
    }
  }
}

extension QueryFormat: ExpressibleByArgument {}
