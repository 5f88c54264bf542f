import GRDB
import TestSupport
import Testing
import TraceStore

@testable import TraceGenerator
@testable import TraceModel
@testable import TraceReading

/// `check --db` rebuilds each stored row as its record and says where each value is as it
/// writes it (``AssembledRecordScan``), so the replay does not scan the record again. That scan
/// must be exactly what the scanner finds in the rebuilt line.
@Suite("Stored records' scans")
struct StoredRecordScanTests {
  /// Records whose members go to every column under each of its keys, with members kept in
  /// `record`, and the forms that keep `t` or `mask` as written.
  static let trace = TraceText.lines([
    #"{"traceq":1,"idiom":"pad","supported":30}"#,
    #"{"t":0.5,"ev":"setRoot","vc":"0xa1","class":"UINavigationController","kind":"navigation"}"#,
    #"{"t":0.25,"ev":"viewDidAppear","vc":"0xa1","animated":true,"thread":"main"}"#,
    #"{"t":1e-05,"ev":"push","nav":"0xa1","vc":"0xa2","animated":false,"class":"Detail"}"#,
    #"{"t":1.123456789012345678,"ev":"present","presenter":"0xa2","vc":"0xa3","style":"formSheet"}"#,
    #"{"ev":"windowMask","mask":["portrait","landscapeLeft"]}"#,
    #"{"ev":"windowMask","mask":24}"#,
    #"{"ev":"requestGeometryUpdate","vc":"0xa2","orientations":30}"#,
    #"{"ev":"willRotate","vc":"0xa1","to":"landscapeLeft","duration":0.3}"#,
    #"{"ev":"didRotate","vc":"0xa1","from":"portrait"}"#,
    #"{"ev":"deviceOrientation","orientation":"landscapeRight"}"#,
    #"{"ev":"popoverPresent","vc":"0xa2","popover":"0xp1","arrows":15}"#,
    #"{"ev":"transition","parent":"0xa1","from":"0xa2","to":"0xa3"}"#,
    #"{"ev":"addChild","parent":"0xa1","vc":"0xa4","class":"Child \"quoted\" \u00e9"}"#,
    #"{"ev":"somethingNew","vc":"0xa4","extra":{"nested":[1,2,{"k":null}]}}"#,
    #"{"ev":"viewWillAppear","vc":"0xa\"5","animated":true}"#,
  ])

  @Test("each rebuilt record's scan equals the scanner's, for every column, key and form")
  func handWritten() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let ingested = try store.ingest([try store.write(Self.trace, as: "columns.ndjson.gz")])
    #expect(ingested.errors.allSatisfy { $0.contains("time-goes-backwards") }, "\(ingested.errors)")
    let (assembled, whole) = try compareScans(in: store.database)
    #expect(assembled == 14, "every row but the one whose address needs an escape is rebuilt from its columns")
    #expect(whole == 1)
  }

  @Test("a generated trace: every rebuilt record's scan equals the scanner's")
  func generated() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    _ = try store.ingestGenerated(TraceGenerator.Settings(events: 20_000, sessions: 4, seed: 5, anomalyRate: 0.01))
    let (assembled, _) = try compareScans(in: store.database)
    #expect(assembled > 19_000)
  }

  @Test("each record handed out to decode decodes as its text does, edited rows included")
  func toDecode() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    _ = try store.ingest([try store.write(Self.trace, as: "columns.ndjson.gz")])
    // Members a hand-edited store may keep: one repeating a column's key, one not JSON. Their
    // records cannot be scanned from the columns and go to the decoder as text.
    try DatabaseQueue(path: store.database).write { db in
      try db.execute(sql: #"UPDATE event_rows SET record = '{"vc":"0xb1"}' WHERE line = 3"#)
      try db.execute(sql: #"UPDATE event_rows SET record = '{"thread":' WHERE line = 4"#)
    }
    var asText: [String] = []
    var toDecode: [String] = []
    try TraceStores.at(store.database).readSessions(note: { _ in }) { reader in
      for session in try reader.sessions() {
        try reader.decode(session, toDecode: false, into: &asText)
        try reader.decode(session, toDecode: true, into: &toDecode)
      }
    }
    #expect(asText.count == Self.trace.split(separator: "\n").count)
    #expect(asText.contains { $0.contains("duplicateKey") } && asText.contains { $0.contains("invalidJSON") })
    #expect(toDecode == asText)
  }

  /// Reads every stored record as `check --db` does and compares its scan with the scanner's;
  /// returns how many records came with a scan and how many without.
  private func compareScans(in database: String) throws -> (assembled: Int, whole: Int) {
    let scanner = RecordScanner()
    var assembled = 0
    var whole = 0
    try TraceStores.at(database).readSessions(note: { _ in }) { reader in
      for session in try reader.sessions() {
        try reader.forEachRecord(of: session) { line in
          guard let prescanned = line.prescanned else {
            whole += 1
            return
          }
          assembled += 1
          try scanner.scan(line.bytes)
          let text = line.text()
          #expect(prescanned.summary.present == scanner.summary.present, "\(text)")
          #expect(prescanned.summary.repeatedKey == scanner.summary.repeatedKey, "\(text)")
          #expect(prescanned.summary.eventName == scanner.summary.eventName, "\(text)")
          for (index, key) in RecordKey.allCases.filter({ scanner.value($0) != nil }).enumerated() {
            let expected = scanner.value(key)!
            let found = prescanned.slots[index]
            #expect(
              (found.kind, found.hasEscapes, found.start, found.end)
                == (expected.kind, expected.hasEscapes, expected.start, expected.end), "\(key) in \(text)")
            if found.kind == .number {
              let bytes = scanner.bytes(expected)
              let value = { (number: Double) in number.isNaN ? JSONText.number(bytes) : number }
              #expect(value(found.number) == value(expected.number), "\(key) in \(text)")
            }
          }
        }
      }
    }
    return (assembled, whole)
  }
}

extension StoredSessionReader {
  /// Decodes the header of `session`, then each of its records as text
  /// (``forEachRecord(of:_:)``) or handed out to decode (``forEachRecordToDecode(of:_:)``), and
  /// appends each item and its follow-ups to `items`.
  fileprivate func decode(_ session: StoredSession, toDecode: Bool, into items: inout [String]) throws {
    let decoder = RecordDecoder()
    var header = session.header
    let item = header.withUTF8 { decoder.decode(RawLine(number: session.firstLine, bytes: UnsafeRawBufferPointer($0))) }
    items.append(Self.describe(item, decoder))
    let decode = { (line: RawLine) in items.append(Self.describe(decoder.decode(line), decoder)) }
    try toDecode ? forEachRecordToDecode(of: session, decode) : forEachRecord(of: session, decode)
  }

  /// An item and its follow-ups, with the address of each object it names.
  private static func describe(_ item: TraceItem?, _ decoder: RecordDecoder) -> String {
    var text = "\(item.map { "\($0)" } ?? "nil") \(decoder.followUps.map { "\($0.kind)" })"
    func addresses(in value: Any) {
      if let id = value as? ObjectID { return text += " \(decoder.symbols.address(of: id))" }
      for child in Mirror(reflecting: value).children { addresses(in: child.value) }
    }
    if case .event(let event) = item { addresses(in: event.payload) }
    return text
  }
}
