import Foundation
import Replay
import TestSupport
import Testing
import TraceImporters
import TraceIngest
import TraceModel

@testable import TraceGenerator
@testable import TraceStore

/// `check --db` replays the stored rows of a file, `check FILE` the file itself: both must
/// apply the same events, each naming the same objects (address, class, kind), and find the
/// same findings. Any mapping the stored path makes from its columns (event names, keys,
/// orientations, masks, objects) that disagrees with the record decoder fails here.
@Suite("check --db replays what check FILE replays")
struct StoredReplayEquivalenceTests {
  /// Records at the edges of what a row holds: huge numbers, unknown event names and container
  /// kinds, optional keys left out, escapes, non-ASCII class names, a key written twice.
  static let hostile = TraceText.lines([
    #"{"traceq":1,"idiom":"pad","supported":30}"#,
    #"{"t":1e308,"ev":"setRoot","vc":"0xa1","class":"UINavigationController","kind":"navigation"}"#,
    #"{"t":0.1,"ev":"viewWillAppear","vc":"0xa1"}"#,
    #"{"t":0.2,"ev":"viewDidAppear","vc":"0xa1","animated":true,"thread":"main"}"#,
    #"{"t":0.3,"ev":"push","nav":"0xa1","vc":"0xa2","animated":false,"class":"Détail😀","kind":"strange"}"#,
    #"{"t":0.30000000000000004,"ev":"present","presenter":"0xa2","vc":"0xa3","style":"formSheet","class":"Ω"}"#,
    #"{"t":-0.0,"ev":"present","presenter":"0xa3","vc":"0xa4","class":"Sheet"}"#,
    #"{"ev":"windowMask","mask":["portrait","landscapeLeft"]}"#,
    #"{"ev":"windowMask","mask":9223372036854775807}"#,
    #"{"ev":"windowMask","mask":26,"window":"0xw2"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xa2","mask":18446744073709551615}"#,
    #"{"ev":"requestGeometryUpdate","vc":"0xa2","orientations":30}"#,
    #"{"ev":"willRotate","vc":"0xa1","to":"landscapeLeft","duration":0.3}"#,
    #"{"ev":"willAnimateRotation","vc":"0xa1","to":"landscapeLeft"}"#,
    #"{"ev":"didRotate","vc":"0xa1","from":"portrait"}"#,
    #"{"ev":"deviceOrientation","orientation":"faceDown"}"#,
    #"{"ev":"preferredInterfaceOrientation","vc":"0xa2","orientation":"portraitUpsideDown"}"#,
    #"{"ev":"popoverCreate","popover":"0xp1","vc":"0xa5","class":"Pop"}"#,
    #"{"ev":"popoverPresent","popover":"0xp1","from":"bar","arrows":15}"#,
    #"{"ev":"popoverDismiss","popover":"0xp1"}"#,
    #"{"ev":"addChild","parent":"0xa1","vc":"0xa6","class":"Child \"quoted\" \u00e9","kind":"tab"}"#,
    #"{"ev":"willMoveToParent","vc":"0xa6","parent":null}"#,
    #"{"ev":"transition","parent":"0xa1","from":"0xa2","to":"0xa6","duration":1e-7}"#,
    #"{"ev":"selectTab","tab":"0xa1","vc":"0xa6"}"#,
    #"{"ev":"setViewControllers","container":"0xa1","vcs":["0xa2","0xa6"]}"#,
    #"{"ev":"pop","nav":"0xa1"}"#,
    #"{"ev":"somethingNew","vc":"0xa7","class":"Ünknown","extra":{"nested":[1,2,{"k":null}]}}"#,
    #"{"ev":"some\u0054hing","vc":"0xa\"8"}"#,
    #"{"ev":"viewWillAppear","vc":"0xa\"5","animated":true}"#,
    #"{"ev":"viewWillAppear","vc":"0xa9","vc":"0xa10"}"#,
    #"{"ev":"dropped","count":123456789012}"#,
    #"{"ev":"console","text":"Unbalanced calls to begin/end appearance transitions for <X: 0x1>."}"#,
    #"{"ev":"dealloc","vc":"0xa4"}"#,
    #"{"ev":"viewWillTransitionToSize","vc":"0xa1","width":1e300,"height":-1}"#,
    #"{"traceq":1,"idiom":"phone"}"#,
    #"{"t":5,"ev":"setRoot","vc":"0xa1","class":"Root"}"#,
    #"{"t":4,"ev":"viewDidAppear","vc":"0xa1","animated":false}"#,
  ])

  @Test("hostile records: the same events, objects and findings")
  func hostileRecords() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let path = try store.write(Self.hostile, as: "hostile.ndjson.gz")
    _ = try store.ingest([path])
    let events = try compare(path, in: store)
    #expect(events > 30)
  }

  @Test("the samples: the same events, objects and findings")
  func samples() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let directory = Samples.directory
    let paths = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".ndjson.gz") }
      .sorted().map { directory + "/" + $0 }
    #expect(paths.count >= 5)
    _ = try store.ingest(paths)
    var events = 0
    for path in paths { events += try compare(path, in: store) }
    #expect(events > 100)
  }

  @Test("a generated trace with anomalies: the same events, objects and findings")
  func generated() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    _ = try store.ingestGenerated(TraceGenerator.Settings(events: 20_000, sessions: 4, seed: 11, anomalyRate: 0.01))
    let events = try compare(store.directory.file("generated.ndjson"), in: store)
    #expect(events >= 20_000)
  }

  @Test("a session naming more objects than a stored session's reader holds: the same events, objects and findings")
  func moreObjectsThanHeld() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    // The reader holds the first addresses in text order and looks the others up by id, a few
    // thousand ids at a time, forgetting them all past its cache's limit: the root (named again
    // every 100 controllers), popovers and ids on both sides of every bound.
    var lines = [TraceText.header(), #"{"ev":"setRoot","vc":"0xroot","class":"UINavigationController"}"#]
    for index in 0..<(StoredRecords.objectsHeld + StoredObjectLookup.cacheLimit / 4) {
      let address = "0x7f\(String(index, radix: 16))"
      lines.append(
        #"{"ev":"viewWillTransitionToSize","vc":"\#(address)","class":"C\#(index % 7)","width":320,"height":480}"#)
      if index % 4 == 0 { lines.append(#"{"ev":"dealloc","vc":"\#(address)"}"#) }
      if index % 100 == 0 { lines.append(#"{"ev":"viewWillAppear","vc":"0xroot"}"#) }
      if index % 1000 == 0 {
        lines.append(#"{"ev":"popoverCreate","popover":"0xp\#(index)","vc":"\#(address)"}"#)
        lines.append(#"{"ev":"popoverPresent","popover":"0xp\#(index)","from":"bar"}"#)
      }
    }
    let path = try store.write(TraceText.lines(lines), as: "many.ndjson.gz")
    _ = try store.ingest([path])
    let events = try compare(path, in: store)
    #expect(events > StoredRecords.objectsHeld + StoredObjectLookup.cacheLimit / 4)
  }

  /// Replays `path` as `check FILE` does and its stored sessions as `check --db` does and
  /// expects the same replay, session by session; returns the number of events compared.
  private func compare(_ path: String, in store: StoreFixture) throws -> Int {
    let fromFile = Recording()
    let source = try TraceStream(path: path, readsAhead: false, consoleFilter: ConsoleCatalog.filter)
    _ = try SessionDriver(rules: RuleSet(), recyclesIDs: true).run(source, to: fromFile)

    let fromStore = Recording()
    try TraceStores.at(store.database).readSessions(note: { _ in }) { reader in
      for session in try reader.sessions() where session.path == path {
        _ = try reader.replay(session, rules: RuleSet(), recyclesIDs: true, to: fromStore)
      }
    }
    #expect(fromStore.sessions.count == fromFile.sessions.count, "\(path)")
    for (stored, read) in zip(fromStore.sessions, fromFile.sessions) {
      #expect(stored.events.count == read.events.count, "\(path)")
      for (storedEvent, readEvent) in zip(stored.events, read.events) where storedEvent != readEvent {
        Issue.record("\(path): check --db replayed\n  \(storedEvent)\nwhere check FILE replayed\n  \(readEvent)")
        break
      }
      #expect(stored.findings == read.findings, "\(path)")
    }
    return fromFile.sessions.reduce(0) { $0 + $1.events.count }
  }
}

/// What a replay applied: each session's events, with the objects they name as the decoder
/// declared them when the event was applied, and its findings.
private final class Recording: SessionObserver {
  struct Session {
    var events: [String] = []
    var findings: [String] = []
  }

  var sessions: [Session] = []
  private var symbols: SessionSymbols?

  func sessionStarted(_ session: DrivenSession) {
    sessions.append(Session())
    symbols = session.symbols
  }

  func willApply(_ event: TraceEvent) {
    // Every bit of the time but a zero's sign (SQLite stores -0.0 as 0; they compare equal).
    let time = event.time.map { $0 == 0 ? "0" : String($0.bitPattern) } ?? "nil"
    var text = "line \(event.line) t \(time) \(event.payload)"
    if let symbols { Self.describeObjects(in: event.payload, symbols, to: &text) }
    sessions[sessions.count - 1].events.append(text)
  }

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {
    sessions[sessions.count - 1].findings = findings.map { "\($0)" }
  }

  /// Appends each object id of `value`, however deep, as its address, class and kind.
  private static func describeObjects(in value: Any, _ symbols: SessionSymbols, to text: inout String) {
    if let id = value as? ObjectID {
      text += " [\(id.index): \(symbols.address(of: id)) \(symbols.className(of: id) ?? "-") "
      text += "\(symbols.kind(of: id).map { "\($0)" } ?? "-")]"
      return
    }
    for child in Mirror(reflecting: value).children { describeObjects(in: child.value, symbols, to: &text) }
  }
}
