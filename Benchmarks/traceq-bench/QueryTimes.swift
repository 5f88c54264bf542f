import Foundation

/// Times each documented query as a user runs it: `traceq query` in a process of its own, on
/// the database of the largest input once `traceq check --db` has stored its findings (issue
/// 17's target: each under 100 ms on 5 M events). Each query runs once untimed (its row count,
/// and the pages it reads are then in the page cache), then once a round, the order reversed
/// every other round.
enum QueryTimes {
  /// What the query of a process that does nothing costs: the floor of every other time.
  static let startup = DocumentedQueries.DocumentedQuery(
    document: "", label: "`SELECT 1`: starting traceq query", sql: "SELECT 1")

  /// Prepares `database` (a new database holding `input`; made untimed unless `ingested`),
  /// then returns the table of medians.
  static func run(
    traceq: String, database: String, ingested: Bool, input: Input, pairs: Int, logs: String
  ) throws -> String {
    let log = "\(logs)/queries-\(input.label).log"
    if !ingested {
      Progress.say("storing \(input.path) in \(database) for the queries (untimed)")
      Files.removeDatabase(database)
      try expect([traceq, "ingest", "--db", database, "-q", input.path], success: [0], log: log)
    }
    Progress.say("traceq check --db \(database) (untimed: the anomalies the queries read)")
    try expect([traceq, "check", "--db", database], success: [0, 1], log: log)
    guard
      let controller = ChildProcess.output(
        [traceq, "query", "--db", database, "--format", "csv", DocumentedQueries.controllerQuery]
      )?.split(separator: "\n").dropFirst().first.map(String.init)
    else { throw BenchError("no controller in session 1 of \(database)") }
    let queries = [startup] + DocumentedQueries.all
    let statements = queries.map { DocumentedQueries.sql($0, controller: controller) }
    let rows = statements.map { sql in
      ChildProcess.output([traceq, "query", "--db", database, "--format", "ndjson", sql]).map {
        $0.isEmpty ? 0 : $0.split(separator: "\n").count
      }
    }
    var seconds = Array(repeating: [Double](), count: queries.count)
    for round in 0..<pairs {
      let order = round.isMultiple(of: 2) ? Array(queries.indices) : queries.indices.reversed()
      for index in order {
        let run = try ChildProcess.run(
          [traceq, "query", "--db", database, statements[index]], log: log, measuringMemory: false)
        guard run.status == 0 else { throw BenchError("traceq query failed: \(Files.firstLine(of: log))") }
        seconds[index].append(run.seconds)
      }
      Progress.say("[\(input.label) queries round \(round + 1)/\(pairs)] done")
    }
    var lines = [
      "| \(input.label): query (controller \(controller)) | from | median ms | rows |", "| --- | --- | ---: | ---: |",
    ]
    for (index, query) in queries.enumerated() {
      let milliseconds = Format.median(seconds[index]).map { String(format: "%.0f", $0 * 1e3) } ?? "–"
      lines.append("| \(query.label) | \(query.document) | \(milliseconds) | \(rows[index].map(String.init) ?? "–") |")
    }
    return lines.joined(separator: "\n")
  }

  private static func expect(_ arguments: [String], success: Set<Int32>, log: String) throws {
    let run = try ChildProcess.run(arguments, log: log, measuringMemory: false)
    guard success.contains(run.status) else {
      throw BenchError("\(arguments[1]) failed (\(run.status)): \(Files.firstLine(of: log))")
    }
  }
}
