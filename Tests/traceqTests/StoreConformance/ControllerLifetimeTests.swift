import TestSupport
import Testing
import TraceStore

@testable import TraceStorePostgres
@testable import traceq

/// Schema v11 (PostgreSQL v4): a stored controller is one lifetime of an address. An address
/// names a new controller after its `dealloc`, or when a record gives it another class; each
/// gets its row, class and lines, and the events, findings and views of its lines name it.
@Suite("Controller lifetimes")
struct ControllerLifetimeTests {
  static let header = #"{"traceq":1,"idiom":"phone","os":"17.0"}"#

  /// `0x2` is a `First` until its dealloc, then a `Second`; each disappears without a
  /// viewWillDisappear (a finding on lines 4 and 8).
  static let reusedAfterDealloc = TraceText.lines([
    header,
    #"{"ev":"viewWillAppear","vc":"0x2","class":"First"}"#,
    #"{"ev":"viewDidAppear","vc":"0x2"}"#,
    #"{"ev":"viewDidDisappear","vc":"0x2"}"#,
    #"{"ev":"dealloc","vc":"0x2"}"#,
    #"{"ev":"viewWillAppear","vc":"0x2","class":"Second"}"#,
    #"{"ev":"viewDidAppear","vc":"0x2"}"#,
    #"{"ev":"viewDidDisappear","vc":"0x2"}"#,
  ])

  /// A record gives `0x2` another class with no dealloc recorded before it: a new object there.
  static let classChanged = TraceText.lines([
    header,
    #"{"ev":"viewWillAppear","vc":"0x2","class":"First"}"#,
    #"{"ev":"viewDidAppear","vc":"0x2"}"#,
    #"{"ev":"viewDidDisappear","vc":"0x2"}"#,
    #"{"ev":"viewWillAppear","vc":"0x2","class":"Second"}"#,
    #"{"ev":"viewDidAppear","vc":"0x2"}"#,
    #"{"ev":"viewDidDisappear","vc":"0x2"}"#,
  ])

  /// A `First` deallocated, then another `First` at the same address, pushed on `0x1`.
  static let sameClassReused = TraceText.lines([
    header,
    #"{"ev":"setRoot","vc":"0x1","class":"UINavigationController"}"#,
    #"{"ev":"push","nav":"0x1","vc":"0x2","class":"First"}"#,
    #"{"ev":"viewWillAppear","vc":"0x2"}"#,
    #"{"ev":"dealloc","vc":"0x2"}"#,
    #"{"ev":"push","nav":"0x1","vc":"0x2"}"#,
    #"{"ev":"viewWillAppear","vc":"0x2"}"#,
    #"{"ev":"viewDidAppear","vc":"0x2","class":"First"}"#,
  ])

  static let controllerRows = """
    SELECT address, class, first_line, last_line, will_appear, did_appear, will_disappear, did_disappear
    FROM controllers ORDER BY id
    """

  func rows(_ store: ConformanceStore, _ sql: String) throws -> [String] {
    try store.rows(sql).map { $0.map { CellText.text($0) ?? "NULL" }.joined(separator: " ") }
  }

  @Test(
    "a reused address after its dealloc: a row per class, and findings naming each", arguments: BackendUnderTest.all)
  func reusedAfterDealloc(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    let path = try store.write(Self.reusedAfterDealloc, as: "reused.ndjson.gz")
    let reporter = CollectingReporter()
    _ = try store.ingest([path], checkingTo: reporter)
    #expect(try rows(store, Self.controllerRows) == ["0x2 First 2 5 1 1 0 1", "0x2 Second 6 8 1 1 0 1"])
    #expect(
      try rows(store, "SELECT line, class FROM events WHERE vc = '0x2' ORDER BY line") == [
        "2 First", "3 First", "4 First", "5 First", "6 Second", "7 Second", "8 Second",
      ])
    #expect(
      try rows(store, "SELECT vc, class, first_line, last_line, did_disappear FROM appearances ORDER BY first_line")
        == ["0x2 First 2 5 1", "0x2 Second 6 8 1"])
    let findings = "SELECT DISTINCT line, class FROM anomalies WHERE line IN (4, 8) ORDER BY line"
    #expect(try rows(store, findings) == ["4 First", "8 Second"])
    #expect(
      Set(reporter.findings.filter { [4, 8].contains($0.finding.line) }.map(Self.describe))
        == ["4 First", "8 Second"])
    // check --db replays the stored records with the class of each lifetime.
    let checked = CollectingReporter()
    _ = try store.checkStored(reporter: checked)
    #expect(try rows(store, findings) == ["4 First", "8 Second"])
    #expect(
      Set(checked.findings.filter { [4, 8].contains($0.finding.line) }.map(Self.describe)) == ["4 First", "8 Second"])
  }

  @Test("another class without a dealloc starts a new row", arguments: BackendUnderTest.all)
  func classChanged(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.stored(Self.classChanged, as: "changed.ndjson.gz")
    #expect(try rows(store, Self.controllerRows) == ["0x2 First 2 4 1 1 0 1", "0x2 Second 5 7 1 1 0 1"])
    #expect(
      try rows(store, "SELECT line, class FROM events ORDER BY line") == [
        "2 First", "3 First", "4 First", "5 Second", "6 Second", "7 Second",
      ])
    _ = try store.checkStored()
    #expect(
      try rows(store, "SELECT DISTINCT line, class FROM anomalies WHERE line IN (4, 7) ORDER BY line") == [
        "4 First", "7 Second",
      ])
  }

  @Test("the same class at a reused address is a new row after the dealloc", arguments: BackendUnderTest.all)
  func sameClassReused(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    _ = try store.stored(Self.sameClassReused, as: "same.ndjson.gz")
    #expect(
      try rows(store, Self.controllerRows) == [
        "0x1 UINavigationController 2 6 0 0 0 0", "0x2 First 3 5 1 0 0 0", "0x2 First 6 8 1 1 0 0",
      ])
    #expect(
      try rows(
        store,
        """
        SELECT e.line, c.first_line FROM event_rows e JOIN controllers c ON c.id = e.vc_id
        WHERE c.address = '0x2' ORDER BY e.line
        """) == ["3 3", "4 3", "5 3", "6 6", "7 6", "8 6"])
    #expect(try store.count("SELECT count(*) FROM session_classes") == 2)
  }

  @Test(
    "a PostgreSQL store of schema v3 upgrades: lines from the events, nothing lost, an address may then repeat",
    .enabled(if: TestPostgres.url != nil, "\(TestPostgres.skipped)"))
  func upgradesPostgresV3() throws {
    let location = try TestPostgres.newDatabase()
    defer { TestPostgres.drop(location) }
    let older = PostgresSchema.migrations.prefix(3).enumerated().map { index, migration in
      migration.sql + "\nINSERT INTO traceq_schema (version, name) VALUES (\(index + 1), 'v\(index + 1)');"
    }
    try TestPostgres.execute(
      PostgresSchema.versionTable + ";\n" + older.joined(separator: "\n") + """

        INSERT INTO traces VALUES (1, 't.ndjson', 'x', 1, 'none', now(), 5, 1, 4, 0, 0, false, false);
        INSERT INTO sessions (id, trace_id, ordinal, first_line, last_line, events, first_row, last_row, cut_short,
          format_version, supported, orientation, requires_full_screen, header)
          VALUES (1, 1, 1, 1, 5, 4, 1, 4, false, 1, 30, 'portrait', false, '{}');
        """ + "\n" + OlderControllerRows.sql, on: location)
    let link = try PostgresLink.open(try PostgresLocation(url: location))
    defer { link.close() }
    try PostgresMigrator.migrate(link)
    #expect(try PostgresMigrator.version(link) == 4)
    let store = try ConformanceStore(.postgres, at: location)
    defer { store.directory.remove() }
    #expect(
      try rows(store, "SELECT vc, class, kind, did_appear, first_line, last_line FROM appearances ORDER BY vc") == [
        "0xa1 Nav navigation 0 2 5", "0xb2 Detail NULL 1 2 5", "0xc3 NULL NULL 0 NULL NULL",
      ])
    try TestPostgres.execute(
      "INSERT INTO controllers (id, session_id, address, class, first_line, last_line) VALUES (4, 1, '0xb2', 'Other', 6, 6)",
      on: location)
    #expect(try rows(store, "SELECT count(*) FROM controllers WHERE address = '0xb2'") == ["2"])
  }

  static func describe(_ reported: FileFinding) -> String {
    "\(reported.finding.line) \(reported.finding.controller?.className ?? "-")"
  }
}
