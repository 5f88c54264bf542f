import Foundation
import TestSupport
import TraceIngest
import TraceStore

@testable import traceq

/// One conformance test's store: a new store of the backend under test, and a temporary
/// directory for the traces written for it. Rows are read through the backend's own query
/// runner, as `traceq query` reads them.
struct ConformanceStore {
  let backend: BackendUnderTest
  let directory: TemporaryDirectory
  let location: String

  init(_ backend: BackendUnderTest) throws {
    self.backend = backend
    directory = try TemporaryDirectory()
    location = backend.newLocation(directory)
  }

  /// The store at `location`, made by the test (an older schema).
  init(_ backend: BackendUnderTest, at location: String) throws {
    self.backend = backend
    directory = try TemporaryDirectory()
    self.location = location
  }

  func remove() {
    backend.remove(location)
    directory.remove()
  }

  /// Writes `text` gzipped as `name` in the directory; returns its path.
  func write(_ text: String, as name: String) throws -> String {
    try Fixture.write(try Fixture.bytes(text), to: directory.file(name))
  }

  /// Writes `text` as `name` and stores it; returns its path.
  func stored(_ text: String, as name: String) throws -> String {
    let path = try write(text, as: name)
    let status = try ingest([path]).status
    guard status == .clean else { throw StoreNotClean(status: status) }
    return path
  }

  struct StoreNotClean: Error { let status: traceq.ExitStatus }

  /// `traceq ingest` of `paths`, with `--check` when a reporter is given.
  func ingest(_ paths: [String], force: Bool = false, checkingTo reporter: CollectingReporter? = nil) throws -> (
    status: traceq.ExitStatus, output: [String], errors: [String]
  ) {
    var output: [String] = []
    var errors: [String] = []
    var run = IngestRun(databasePath: location, inputs: paths, force: force)
    run.output = { output.append($0) }
    run.errorOutput = { errors.append($0) }
    if let reporter { run.check = IngestRun.Check(policy: try Samples.policy(), reporter: reporter) }
    let status = try run.execute()
    return (status, output, errors)
  }

  /// `traceq check --db`; `onReplayed` is called after each session.
  func checkStored(
    reporter: CollectingReporter = CollectingReporter(), onReplayed: @escaping (StoredSession) -> Void = { _ in }
  ) throws -> CheckRun.Outcome {
    var run = StoredCheckRun(databasePath: location, jobs: 2, policy: try Samples.policy(), reporter: reporter)
    run.onReplayed = onReplayed
    return run.execute()
  }

  /// The rows of `sql`, as the backend gives them.
  func rows(_ sql: String) throws -> [[StoredValue]] {
    try TraceStores.at(location).openQueries(note: { _ in }).rows(sql)
  }

  /// The integer `sql` gives.
  func count(_ sql: String) throws -> Int {
    guard case .integer(let value) = try rows(sql).first?.first else { return -1 }
    return Int(value)
  }
}
