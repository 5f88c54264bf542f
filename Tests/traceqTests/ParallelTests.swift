import Foundation
import TestSupport
import Testing

@testable import traceq

@Suite("Several files at once")
struct ParallelTests {
  @Test("messages are delivered in item order, even when later items finish first")
  func ordered() {
    // Each item of a window of four waits until the next one has finished: items finish
    // last to first, and must still be delivered first to last.
    let done = (0..<40).map { _ in DispatchSemaphore(value: 0) }
    var delivered: [String] = []
    OrderedStreams.run(
      count: 40, jobs: 4, capacity: 8,
      produce: { index, send in
        if index % 4 != 3 { done[index + 1].wait() }
        for message in 0..<5 { send(message) }
        done[index].signal()
        return index * index
      },
      begin: { delivered.append("begin \($0)") },
      receive: { delivered.append("\($0).\($1)") },
      finish: { index, outcome in
        #expect(outcome == index * index)
        delivered.append("end \(index)")
      })
    let expected = (0..<40).flatMap { index in
      ["begin \(index)"] + (0..<5).map { "\(index).\($0)" } + ["end \(index)"]
    }
    #expect(delivered == expected)
  }

  @Test("a thread that finished its item starts the next one while an earlier item still runs")
  func finishedItemFreesItsThread() {
    // Item 0 goes on only once item 2 has run: with 2 jobs, item 2 can start only on the thread
    // item 1 left, before item 0 is delivered. (The timeout only keeps a regression from hanging.)
    let thirdRan = DispatchSemaphore(value: 0)
    let firstSawThird = Counter()
    var outcomes: [Int] = []
    OrderedStreams.run(
      count: 4, jobs: 2,
      produce: { (index: Int, send: (Int) -> Void) -> Int in
        if index == 0, thirdRan.wait(timeout: .now() + 60) == .success { firstSawThird.increment() }
        if index == 2 { thirdRan.signal() }
        send(index)
        return index
      },
      begin: { _ in }, receive: { _, _ in }, finish: { _, outcome in outcomes.append(outcome) })
    #expect(firstSawThird.value == 1)
    #expect(outcomes == [0, 1, 2, 3])
  }

  @Test("the item being delivered streams, and one running ahead waits once its channel is full")
  func bounded() {
    let sentByLater = Counter()
    let laterIsFull = DispatchSemaphore(value: 0)
    var seenWhileFirstRuns: [Int] = []
    OrderedStreams.run(
      count: 2, jobs: 2, capacity: 3,
      onFull: { index in if index == 1 { laterIsFull.signal() } },
      produce: { index, send in
        if index == 0 {
          send(0)
          // Goes on only once the second item waits for room: it has sent what its channel holds.
          laterIsFull.wait()
          send(1)
        } else {
          for message in 0..<10 {
            send(message)
            sentByLater.increment()
          }
        }
        return index
      },
      begin: { _ in },
      receive: { index, _ in if index == 0 { seenWhileFirstRuns.append(sentByLater.value) } },
      finish: { _, _ in })
    // When the first item's second message arrived, the second item had sent only what its
    // channel holds: 3, not 10.
    #expect(seenWhileFirstRuns.count == 2)
    #expect(seenWhileFirstRuns.last == 3)
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
      #expect(outcome.status == .findings)
      return lines
    }
    let sequential = try report(jobs: 1)
    #expect(sequential.count > 10)
    #expect(try report(jobs: jobs) == sequential)
  }

  @Test("check -j 2 of one file, decompressed ahead of its replay, reports what -j 1 reports")
  func checkOneFileReadingAhead() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    // Every sample in one multi-member gzip file: several sessions, findings in most.
    var bytes: [UInt8] = []
    for name in Samples.expected.keys.sorted() {
      bytes += try Array(Data(contentsOf: URL(fileURLWithPath: Samples.path(name))))
    }
    let all = try Fixture.write(bytes, to: store.directory.file("all.ndjson.gz"))
    func report(jobs: Int) throws -> [String] {
      var lines: [String] = []
      let outcome = CheckRun(
        inputs: [all], jobs: jobs, policy: try Samples.policy(), reporter: TextReporter(output: { lines.append($0) })
      ).execute()
      #expect(outcome.status == .findings)
      return lines
    }
    let sequential = try report(jobs: 1)
    #expect(sequential.count > Samples.expected.values.joined().count)
    #expect(try report(jobs: 2) == sequential)
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
      #expect(try run.execute() == .findings)
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

/// A count shared between threads.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}
