import Foundation
import GRDB
import TestSupport
import Testing
import TraceModel

@testable import TraceGenerator
@testable import TraceStore
@testable import traceq

/// A temporary directory with a database in it, and helpers to ingest and count.
struct StoreFixture {
  let directory: TemporaryDirectory
  var database: String { directory.file("traces.db") }
  var errors: [String] = []

  init() throws { directory = try TemporaryDirectory() }

  func write(_ text: String, _ compression: Compression = .gzip, as name: String) throws -> String {
    try Fixture.write(text, compression, to: directory.file(name))
  }

  func ingest(_ paths: [String], force: Bool = false) throws -> (
    status: traceq.ExitStatus, output: [String], errors: [String]
  ) {
    var output: [String] = []
    var errors: [String] = []
    var run = IngestRun(databasePath: database, inputs: paths, force: force)
    run.output = { output.append($0) }
    run.errorOutput = { errors.append($0) }
    let status = try run.execute()
    return (status, output, errors)
  }

  /// Writes the trace `settings` generate into the directory and ingests it; returns its bytes.
  @discardableResult
  func ingestGenerated(_ settings: TraceGenerator.Settings) throws -> (
    bytes: [UInt8], status: traceq.ExitStatus, errors: [String]
  ) {
    var bytes: [UInt8] = []
    _ = try TraceGenerator(settings: settings).write(to: { bytes.append(contentsOf: $0) }, truth: { _ in })
    let result = try ingest([try Fixture.write(bytes, to: directory.file("generated.ndjson"))])
    return (bytes, result.status, result.errors)
  }

  func count(_ sql: String) throws -> Int {
    try DatabaseQueue(path: database).read { try Int.fetchOne($0, sql: sql) ?? -1 }
  }

  func rows(_ sql: String) throws -> [Row] {
    try DatabaseQueue(path: database).read { try Row.fetchAll($0, sql: sql) }
  }
}

let homepwner = TraceText.lines([
  #"{"traceq":1,"app":"Homepwner","os":"7.0","idiom":"pad","supported":"all"}"#,
  #"{"t":0.00,"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}"#,
  #"{"t":0.01,"ev":"viewWillAppear","vc":"0xb2","class":"BNRItemsViewController","animated":false}"#,
  #"{"t":0.30,"ev":"viewDidAppear","vc":"0xb2","animated":false}"#,
  #"{"t":2.10,"ev":"push","nav":"0xa1","vc":"0xc3","animated":true}"#,
  #"{"t":4.00,"ev":"popoverCreate","popover":"0xd4","vc":"0xe5","class":"UIImagePickerController"}"#,
  #"{"t":4.00,"ev":"popoverPresent","popover":"0xd4","from":"barButtonItem"}"#,
  #"{"t":5.00,"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
  #"{"t":5.10,"ev":"present","presenter":"0xb2","vc":"0xf1","style":"formSheet","animated":true}"#,
  #"{"t":5.20,"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":["portrait","landscapeLeft"]}"#,
])

@Suite("Ingesting traces into SQLite")
struct IngestTests {
  @Test("a trace's ingested_at is the time of the ingest in UTC, as RFC 3339")
  func ingestedAt() throws {
    #expect(TraceRowWriter.timestamp(0) == "1970-01-01T00:00:00Z")
    #expect(TraceRowWriter.timestamp(1_764_091_800) == "2025-11-25T17:30:00Z")
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let before = time(nil)
    #expect(try store.ingest([try store.write(homepwner, as: "hp.ndjson")]).status == .clean)
    let stored = try #require(try store.rows("SELECT ingested_at FROM traces").first?["ingested_at"] as String?)
    #expect(stored.count == 20 && stored.hasSuffix("Z"))
    #expect(stored >= TraceRowWriter.timestamp(before) && stored <= TraceRowWriter.timestamp(time(nil)))
  }

  @Test("gzip, zlib and plain files store the same rows", arguments: [Compression.gzip, .zlib, .none])
  func storesEachCompression(_ compression: Compression) throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let path = try store.write(homepwner, compression, as: "hp.ndjson")
    let result = try store.ingest([path])
    #expect(result.status == .clean)
    #expect(result.errors.isEmpty)
    #expect(result.output.first == "\(path): 9 events, 1 session, 0 errors, 0 warnings")
    let rows = try store.rows(
      "SELECT line, ev, vc, class, other, popover, orientation, mask, style, animated FROM events ORDER BY line")
    #expect(rows.count == 9)
    #expect(rows[0]["ev"] as String? == "setRoot")
    #expect(rows[0]["class"] as String? == "UINavigationController")
    #expect(rows[3]["ev"] as String? == "push")
    #expect(rows[3]["vc"] as String? == "0xc3")
    #expect(rows[3]["other"] as String? == "0xa1")
    #expect(rows[3]["animated"] as Int? == 1)
    #expect(rows[4]["popover"] as String? == "0xd4")
    #expect(rows[4]["vc"] as String? == "0xe5")
    #expect(rows[4]["class"] as String? == "UIImagePickerController")
    #expect(rows[6]["orientation"] as String? == "landscapeLeft")
    #expect(rows[7]["style"] as String? == "formSheet")
    #expect(rows[7]["other"] as String? == "0xb2")
    #expect(rows[8]["mask"] as Int? == 18)
    let trace = try #require(try store.rows("SELECT * FROM traces").first)
    #expect(trace["compression"] as String? == compression.rawValue)
    #expect(trace["events"] as Int? == 9)
    #expect(trace["sessions"] as Int? == 1)
    #expect(trace["lines"] as Int? == 10)
    #expect(trace["truncated"] as Int? == 0)
    #expect((trace["sha256"] as String? ?? "").count == 64)
    let session = try #require(try store.rows("SELECT * FROM sessions").first)
    #expect(session["app"] as String? == "Homepwner")
    #expect(session["idiom"] as String? == "pad")
    #expect(session["os"] as String? == "7.0")
    #expect(session["supported"] as Int? == 30)
    #expect(session["first_line"] as Int? == 1)
    #expect(session["last_line"] as Int? == 10)
    #expect(try store.count("SELECT count(*) FROM controllers") == 5)
    #expect(try store.count("SELECT count(*) FROM popovers") == 1)
    #expect(try store.count("SELECT count(*) FROM events WHERE json_extract(record, '$.from') = 'barButtonItem'") == 1)
  }

  @Test("a multi-member gzip file stores each session")
  func multiMember() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let path = try Fixture.write(
      try Fixture.multiMember([homepwner, homepwner]), to: store.directory.file("two.ndjson.gz"))
    #expect(try store.ingest([path]).status == .clean)
    #expect(try store.count("SELECT count(*) FROM sessions") == 2)
    #expect(try store.count("SELECT count(*) FROM event_rows") == 18)
    #expect(try store.count("SELECT count(DISTINCT session_id) FROM controllers WHERE address = '0xa1'") == 2)
    #expect(try store.count("SELECT max(line) FROM events") == 20)
  }

  @Test("sessions of every size around the insert batch keep their own rows, in line order")
  func batchBoundaries() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let batch = TraceRowWriter.batchSize
    let sizes = [1, batch - 1, batch, batch + 1, 0, 2 * batch + 3]
    var lines: [String] = []
    var first = 0
    for size in sizes {
      lines.append(TraceText.header())
      lines += TraceText.events(size, first: first)
      first += size
    }
    let path = try store.write(TraceText.lines(lines), as: "batches.ndjson.gz")
    // A bad line in the middle of a batch: stored apart, the batch goes on around it.
    let withError = try store.write(
      TraceText.lines([TraceText.header()] + TraceText.events(10) + ["{"] + TraceText.events(batch, first: 10)),
      as: "error.ndjson.gz")
    #expect(try store.ingest([path, withError]).status == .findings)
    let rows = try store.rows(
      """
      SELECT s.events, s.last_row - s.first_row + 1 AS span,
             (SELECT count(*) FROM events e WHERE e.session_id = s.id
                AND e.record = json_object('ev', 'viewWillAppear', 't', e.t, 'vc', e.vc, 'animated', json('true')))
               AS own,
             (SELECT count(*) FROM event_rows e WHERE e.session_id = s.id) AS stored,
             (SELECT count(*) FROM event_rows a JOIN event_rows b ON b.id = a.id + 1
                WHERE a.session_id = s.id AND b.session_id = s.id AND b.line != a.line + 1
                  AND NOT (a.line = 11 AND b.line = 13)) AS out_of_order
      FROM sessions s ORDER BY s.id
      """)
    #expect(rows.map { $0["events"] as Int } == sizes + [10 + batch])
    for row in rows {
      let events: Int = row["events"]
      #expect(row["stored"] as Int == events)
      #expect(row["own"] as Int == events, "each row of the session's range is one of its records")
      #expect(row["span"] as Int == events)
      #expect(row["out_of_order"] as Int == 0)
    }
    #expect(try store.count("SELECT count(*) FROM ingest_errors") == 1)
  }

  @Test("long lines are written before a batch fills up, and kept whole")
  func longLines() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let console = (0..<6).map { "{\"ev\":\"console\",\"text\":\"" + String(repeating: "\($0)", count: 100_000) + "\"}" }
    let events = TraceText.events(5)
    let lines = [TraceText.header()] + zip(events, console).flatMap { [$0, $1] } + TraceText.events(3, first: 5)
    #expect(try store.ingest([try store.write(TraceText.lines(lines), as: "long.ndjson.gz")]).status == .clean)
    #expect(try RecordRebuildTests.compare(store, lines: lines) == lines.count - 1)
    #expect(try store.count("SELECT last_row - first_row + 1 FROM sessions") == lines.count - 1)
  }

  @Test("a cut-short gzip file keeps the events before the cut, with a warning")
  func truncated() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let text = TraceText.lines([TraceText.header()] + TraceText.events(2000))
    let path = try Fixture.write(try Fixture.cutShort(text, dropping: 200), to: store.directory.file("cut.ndjson.gz"))
    let result = try store.ingest([path])
    #expect(result.status == .clean)
    #expect(result.errors.count == 1 && result.errors[0].contains("warning: the gzip stream ends early"))
    #expect(result.errors[0].hasSuffix("[truncated-stream]"))
    let stored = try store.count("SELECT count(*) FROM event_rows")
    #expect(stored > 1000 && stored < 2000)
    #expect(try store.count("SELECT truncated FROM traces") == 1)
    #expect(try store.count("SELECT cut_short FROM sessions") == 1)
    #expect(try store.count("SELECT line FROM ingest_errors WHERE kind = 'truncated-stream'") == stored + 2)
  }

  @Test("bad lines are stored as errors with their text; the rest is stored; exit 1")
  func badLines() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let text = TraceText.lines([
      TraceText.header(), #"{"ev":"viewWillAppear","vc":"0x1"}"#, #"{"ev":"viewWillAppear","vc":"#,
      #"{"ev":"viewWillAppear","vc":true}"#, #"{"ev":"someFutureEvent","vc":"0x1","x":1}"#,
    ])
    let path = try store.write(text, as: "bad.ndjson.gz")
    let result = try store.ingest([path])
    #expect(result.status == .findings)
    #expect(
      result.errors == [
        "\(path):3: error: invalid JSON: a value is missing (column 29) [invalid-json]",
        "\(path):4: error: \"vc\" must be an id string, not a boolean [wrong-type]",
      ])
    #expect(result.output.first == "\(path): 2 events, 1 session, 2 errors, 0 warnings")
    let errors = try store.rows("SELECT line, severity, kind, raw FROM ingest_errors ORDER BY line")
    #expect(errors.map { $0["line"] as Int } == [3, 4])
    #expect(errors[0]["raw"] as String? == #"{"ev":"viewWillAppear","vc":"#)
    #expect(try store.count("SELECT count(*) FROM events WHERE ev = 'someFutureEvent' AND vc = '0x1'") == 1)
  }

  @Test("a file that is not a trace is rejected and nothing of it stored")
  func rejected() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let path = try store.write("hello\nworld\n", .none, as: "notes.ndjson")
    let result = try store.ingest([path])
    #expect(result.status == .unusable)
    #expect(
      result.errors == [
        "\(path):1: error: the file does not start with a traceq header such as {\"traceq\":1,\"idiom\":\"phone\"}; "
          + "nor is it a console log or crash report with a UIKit diagnostic traceq recognises; it is not read "
          + "[missing-header]"
      ])
    #expect(try store.count("SELECT count(*) FROM traces") == 0)
  }

  @Test("missing paths and empty directories are usage errors; directories are walked for traces")
  func inputs() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    try FileManager.default.createDirectory(atPath: store.directory.file("d/sub"), withIntermediateDirectories: true)
    _ = try store.write(homepwner, as: "d/sub/a.ndjson.gz")
    _ = try store.write(homepwner + TraceText.lines([#"{"ev":"attemptRotation"}"#]), .none, as: "d/b.jsonl")
    _ = try store.write("not a trace", .none, as: "d/readme.txt")
    let result = try store.ingest([store.directory.file("d"), store.directory.file("nope.ndjson")])
    #expect(result.status == .unusable)
    #expect(result.errors == ["\(store.directory.file("nope.ndjson")): error: no such file or directory"])
    #expect(result.output.count == 3)
    #expect(try store.count("SELECT count(*) FROM traces") == 2)
    #expect(try store.ingest([store.directory.file("d/sub/none")]).status == .unusable)
  }
}
