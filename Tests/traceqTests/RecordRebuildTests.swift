import Foundation
import GRDB
import TestSupport
import Testing
import TraceIngest
import TraceModel

@testable import TraceGenerator
@testable import TraceStore
@testable import traceq

/// A row keeps only the members of its line that its typed columns do not reproduce, and the
/// `events` view rebuilds the record: every stored line must come back JSON-equal.
@Suite("Records rebuilt from the columns")
struct RecordRebuildTests {
  /// Lines that test each way a member can or cannot be left to its column.
  static let oddLines = [
    #"{"traceq":1,"idiom":"pad","supported":"all"}"#,
    #"{"t":0.000,"ev":"setRoot","vc":"0x1","class":"UINavigationController","kind":"navigation"}"#,
    #"{"t":0.5,"ev":"viewDidAppear","vc":"0x1","animated":true,"extra":{"a":[1,2,{"b":"c"}]},"list":[1,"x",null]}"#,
    #"{"t":1.5,"ev":"push","nav":"0x\u0031","vc":"0x3","class":"Caf\u00e9VC \ud83d\ude00","animated":false}"#,
    #"{"t":2,"ev":"viewWillAppear","v\u0063":"0x3"}"#,
    #"{"t":3,"ev":"viewDidAppear","vc":"0x3","vc":"0x9"}"#,
    #"{"t":3.25,"ev":"viewDidAppear","vc":"0x3","class":"OtherVC"}"#,
    #"{"t":4,"ev":"supportedInterfaceOrientations","vc":"0x3","mask":"allButUpsideDown"}"#,
    #"{"t":4,"ev":"windowMask","mask":["portrait","landscapeLeft"]}"#,
    #"{"t":4,"ev":"windowMask","mask":30}"#,
    #"{"t":4,"ev":"windowMask","mask":30.0,"window":"w2"}"#,
    #"{"t":4,"ev":"windowMask","mask":3e1}"#,
    #"{"t":5,"ev":"present","presenter":"0x3","vc":"0x5","animated":true}"#,
    #"{"t":5.1,"ev":"present","presenter":"0x3","vc":"0x6","style":"formSheet"}"#,
    #"{"t":1.23456789012345678,"ev":"viewDidAppear","vc":"0x5"}"#,
    #"{"t":1e2,"ev":"viewDidAppear","vc":"0x5"}"#,
    #"{"t":123456789.012345,"ev":"viewDidAppear","vc":"0x5"}"#,
    #"{"ev":"viewDidAppear","vc":"0x5"}"#,
    #"{"t":null,"ev":"viewDidAppear","vc":"0x5","animated":null}"#,
    #"{"t":6,"ev":"transition","parent":"0x1","from":"0x5","to":"0x6","duration":0.3}"#,
    #"{"t":6,"ev":"setViewControllers","container":"0x1","vcs":["0x2","0x3"]}"#,
    #"{"t":6,"ev":"selectTab","tab":"0x1","vc":"0x2"}"#,
    #"{"t":6,"ev":"willMoveToParent","vc":"0x2","parent":null}"#,
    #"{"t":6,"ev":"didMoveToParent","vc":"0x2","parent":"0x1"}"#,
    #"{"t":7,"ev":"willRotate","vc":"0x1","to":"landscapeLeft","duration":0.4}"#,
    #"{"t":7,"ev":"didRotate","vc":"0x1","from":"portrait"}"#,
    #"{"t":7,"ev":"deviceOrientation","orientation":"faceUp"}"#,
    #"{"t":7,"ev":"preferredInterfaceOrientation","vc":"0x1","orientation":"portrait"}"#,
    #"{"t":8,"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}"#,
    #"{"t":8,"ev":"popoverPresent","popover":"0xd4","from":"barButtonItem"}"#,
    #"{"t":8,"ev":"popoverDismiss","popover":"0xd4","animated":true}"#,
    #"{"t":9,"ev":"requestGeometryUpdate","orientations":2}"#,
    #"{"t":9,"ev":"console","text":"a \"quoted\" line\nand a tab\t","level":"error"}"#,
    #"{"t":9,"ev":"myOwnEvent","vc":"0x1","payload":{"nested":{"deep":[[]]}}}"#,
    #"{"t":9,"ev":"my\u0041pp","vc":"0x1"}"#,
    #"  { "t" : 10 , "ev" : "viewDidAppear" , "vc" : "0x1" , "animated" : false }  "#,
    #"{"t":-0.0,"ev":"pop","nav":"0x1","vc":null}"#,
    #"{"t":11,"ev":"dismiss","vc":"0x6","x":1,"x":2}"#,
    #"{"t":11,"ev":"dropped","count":3}"#,
  ]

  /// With one job the writer splits each record; with two, the decoding thread does.
  @Test("hand-written odd lines: each record comes back JSON-equal to its line", arguments: [1, 2])
  func oddLines(jobs: Int) throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let path = try store.write(TraceText.lines(Self.oddLines), .none, as: "odd.ndjson")
    var run = IngestRun(databasePath: store.database, inputs: [path], force: false)
    run.jobs = jobs
    var errors: [String] = []
    run.output = { _ in }
    run.errorOutput = { errors.append($0) }
    _ = try run.execute()
    #expect(errors.allSatisfy { !$0.contains("error:") }, "\(errors)")
    let compared = try Self.compare(store, lines: Self.oddLines)
    #expect(compared == Self.oddLines.count - 1)
    // The usual lines keep only what the columns lack; the odd ones are kept whole.
    let whole = try store.rows("SELECT line FROM event_rows WHERE record_form = 1 ORDER BY line").map {
      $0["line"] as Int
    }
    #expect(whole == [4, 5, 6, 35])
    #expect(try store.count("SELECT count(*) FROM event_rows WHERE record_form = 0 AND record = '{}'") > 10)
  }

  @Test("generated traces: each record comes back JSON-equal to its line", arguments: [1, 2])
  func generated(seed: UInt64) throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let settings = TraceGenerator.Settings(
      events: 4_000, sessions: 3, seed: seed, anomalyRate: 0.01, compression: .none)
    let (bytes, status, _) = try store.ingestGenerated(settings)
    #expect(status == .clean)
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(try Self.compare(store, lines: lines) == 4_000)
  }

  @Test("the database takes fewer bytes per event than the NDJSON it stores")
  func smallerThanText() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let settings = TraceGenerator.Settings(events: 40_000, sessions: 8, seed: 3, compression: .none)
    let (bytes, status, _) = try store.ingestGenerated(settings)
    #expect(status == .clean)
    // Each table and index takes one page however small it is: the fixed part of the file.
    let pageSize = try store.count("PRAGMA page_size")
    let trees = try store.count("SELECT count(*) FROM sqlite_schema WHERE rootpage > 0")
    let fileSize = try FileManager.default.attributesOfItem(atPath: store.database)[.size] as? Int ?? 0
    let perEvent = Double(fileSize - trees * pageSize) / 40_000
    let textPerEvent = Double(bytes.count) / 40_000
    #expect(perEvent < textPerEvent, "\(perEvent) bytes per event in the database, \(textPerEvent) in the text")
  }

  /// Compares each stored record with its line (`lines[0]` is line 1), as the `events` view
  /// gives it and as the replay of stored sessions reads it; returns how many.
  static func compare(_ store: StoreFixture, lines: [String]) throws -> Int {
    let rows = try store.rows("SELECT line, record FROM events ORDER BY session_id, line")
    var replayed: [(line: Int, record: String)] = []
    try TraceStores.at(store.database).readSessions(note: { _ in }) { sessions in
      for session in try sessions.sessions() {
        try sessions.forEachRecord(of: session) {
          replayed.append(($0.number, String(decoding: $0.bytes, as: UTF8.self)))
        }
      }
    }
    #expect(replayed.map(\.line) == rows.map { $0["line"] as Int })
    for (line, record) in rows.map({ ($0["line"] as Int, $0["record"] as String) }) + replayed {
      let stored = try JSONSerialization.jsonObject(with: Data(record.utf8)) as? NSDictionary
      let written = try JSONSerialization.jsonObject(with: Data(lines[line - 1].utf8)) as? NSDictionary
      #expect(stored != nil && stored == written, "line \(line): \(record) is not \(lines[line - 1])")
    }
    return rows.count
  }
}
