import Foundation
import TestSupport
import Testing
import TraceIngest
import TraceStore

@testable import traceq

/// `traceq sync` from a SQLite database to each backend: the files arrive as their ingest
/// would have stored them, once, and a file that fails midway leaves nothing of itself.
@Suite("Sync")
struct SyncTests {
  func sync(_ source: ConformanceStore, to target: ConformanceStore) -> (traceq.ExitStatus, [String], [String]) {
    var run = SyncRun(source: source.location, target: target.location)
    var output: [String] = []
    var errors: [String] = []
    run.output = { output.append($0) }
    run.errorOutput = { errors.append($0) }
    return (run.execute(), output, errors)
  }

  /// The rows of every documented view and of the tables that hold what views do not show, in
  /// a canonical order.
  static func contents(of store: ConformanceStore) throws -> [String] {
    let queries =
      try StoreConformanceTests.documentedViews().map { "SELECT * FROM \($0)" } + [
        "SELECT path, sha256, size, compression, lines, sessions, events, errors, warnings, truncated, corrupt "
          + "FROM traces",
        "SELECT trace_id, session_id, line, severity, kind, message, raw FROM ingest_errors",
        "SELECT session_id, line, rule, severity, vc, class, message, hint, source, app_vc, app_class, decided_line, "
          + "frame FROM anomalies",
      ]
    return try queries.flatMap { sql in
      try store.rows(sql).map { "\(sql): " + $0.map(StoreConformanceTests.cell).joined(separator: " | ") }.sorted()
    }
  }

  @Test(
    "a synced store answers as the source; syncing again, or ingesting a synced file, stores nothing twice",
    arguments: BackendUnderTest.all)
  func syncsOnce(_ backend: BackendUnderTest) throws {
    let source = try ConformanceStore(.sqlite)
    defer { source.remove() }
    let target = try ConformanceStore(backend)
    defer { target.remove() }
    let damaged = try source.write(
      TraceText.lines(
        [TraceText.header(extra: #""build":"2.0""#)] + TraceText.events(5) + ["{not json"] + TraceText.events(3)),
      as: "damaged.ndjson.gz")
    _ = try source.ingest([Samples.directory, damaged])
    _ = try source.checkStored()
    let files = try source.count("SELECT count(*) FROM traces")

    let first = sync(source, to: target)
    #expect(first.0 == .clean, "\(first.2)")
    #expect(first.1.last?.hasPrefix("stored \(files) files: ") == true, "\(first.1)")
    #expect(try Self.contents(of: target) == (try Self.contents(of: source)))
    #expect(try target.count("SELECT count(*) FROM anomalies") > 0)
    #expect(try target.count("SELECT count(*) FROM ingest_errors") > 0)

    let again = sync(source, to: target)
    #expect(again.0 == .clean)
    let named = TraceStores.at(target.location).location
    #expect(again.1 == ["stored 0 files, skipped \(files): 0 events, 0 sessions, 0 errors, 0 warnings in \(named)"])
    #expect(try target.ingest([damaged]).output.first?.contains("skipped, already stored") == true)
    #expect(try target.count("SELECT count(*) FROM traces") == files)
    #expect(try Self.contents(of: target) == (try Self.contents(of: source)))
  }

  @Test(
    "a file the target fails to take midway leaves nothing of itself; files synced before stay",
    arguments: BackendUnderTest.all)
  func failureMidway(_ backend: BackendUnderTest) throws {
    let source = try ConformanceStore(.sqlite)
    defer { source.remove() }
    let target = try ConformanceStore(backend)
    defer { target.remove() }
    let good = try source.stored(TraceText.lines([TraceText.header()] + TraceText.events(9)), as: "good.ndjson.gz")
    #expect(sync(source, to: target).0 == .clean)
    _ = try source.stored(StoreConformanceTests.twoSessions, as: "failing.ndjson.gz")
    try backend.failStoring(target.location, 2000)

    let failed = sync(source, to: target)
    #expect(failed.0 == .unusable)
    #expect(failed.2.count == 1 && failed.2[0].contains("failing.ndjson.gz"), "\(failed.2)")
    #expect(try target.rows("SELECT path FROM traces") == [[.text(good)]])
    #expect(try target.count("SELECT count(*) FROM sessions") == 1)
    #expect(try target.count("SELECT count(*) FROM events") == 9)
    #expect(try target.count("SELECT count(*) FROM controllers WHERE session_id NOT IN (SELECT id FROM sessions)") == 0)
  }

  @Test("sync from a database that is not there, or without a target, is refused")
  func refusals() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let missing = try runner.run(["sync", "--from", "none.db", "--to", "t.db"])
    #expect(missing.status == 2 && missing.error.contains("no database at none.db"), "\(missing.error)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("t.db")))
    let untold = try runner.run(["sync", "--from", "none.db"])
    #expect(untold.status == 2 && untold.error.contains("--to PATH|URL, or set TRACEQ_DB"), "\(untold.error)")
  }
}
