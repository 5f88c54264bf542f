import Foundation
import TestSupport
import Testing

@testable import traceq

@Suite("Several files at once")
struct ParallelTests {
  @Test("results are delivered in item order, whatever order the work finishes in")
  func ordered() {
    var delivered: [Int] = []
    OrderedWork.run(
      count: 40, jobs: 4,
      work: { index in
        usleep(UInt32((index * 7919) % 5) * 1000)  // finish out of order
        return index * index
      },
      deliver: { index, result in
        #expect(result == index * index)
        delivered.append(index)
      })
    #expect(delivered == Array(0..<40))
  }

  @Test("check -j reports exactly what a one-file-at-a-time check reports", arguments: [2, 3, 8])
  func checkInParallel(_ jobs: Int) throws {
    func report(jobs: Int) throws -> [String] {
      var lines: [String] = []
      let reporter = TextReporter(output: { lines.append($0) })
      let outcome = CheckRun(
        inputs: [Samples.directory, Samples.path("flipside-unbalanced.ndjson.gz")], jobs: jobs,
        policy: try Samples.policy(), reporter: reporter
      ).execute()
      #expect(outcome.status == 1)
      return lines
    }
    let sequential = try report(jobs: 1)
    #expect(sequential.count > 10)
    #expect(try report(jobs: jobs) == sequential)
  }

  @Test("ingest -j stores exactly what a one-thread ingest stores", arguments: [2, 4])
  func ingestInParallel(_ jobs: Int) throws {
    func stored(jobs: Int) throws -> (output: [String], rows: [String]) {
      let store = try StoreFixture()
      defer { store.directory.remove() }
      let big = try store.write(TraceText.lines([TraceText.header()] + TraceText.events(20_000)), as: "big.ndjson.gz")
      var output: [String] = []
      var run = IngestRun(databasePath: store.database, inputs: [Samples.directory, big, Samples.directory])
      run.jobs = jobs
      run.output = { output.append($0.replacingOccurrences(of: store.directory.path, with: "")) }
      run.check = IngestRun.Check(policy: try Samples.policy(), reporter: CollectingReporter())
      #expect(try run.execute() == 1)
      let rows = try store.rows(
        """
        SELECT t.path, s.ordinal, count(e.id) AS events, sum(length(e.record)) AS bytes, max(e.line) AS last,
               (SELECT count(*) FROM anomalies a WHERE a.session_id = s.id) AS findings
        FROM traces t JOIN sessions s ON s.trace_id = t.id LEFT JOIN event_rows e ON e.id BETWEEN s.first_row AND s.last_row
        GROUP BY s.id ORDER BY t.id, s.ordinal
        """
      ).map {
        "\($0["path"] as String)|\($0["ordinal"] as Int)|\($0["events"] as Int)|\($0["bytes"] as Int? ?? 0)|\($0["findings"] as Int)"
      }
      return (output, rows.map { $0.replacingOccurrences(of: store.directory.path, with: "") })
    }
    let sequential = try stored(jobs: 1)
    let parallel = try stored(jobs: jobs)
    #expect(parallel.output == sequential.output)
    #expect(parallel.rows == sequential.rows)
    #expect(sequential.rows.count == Samples.expected.count + 1)
  }
}
