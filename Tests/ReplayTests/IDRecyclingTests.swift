import Testing
import TraceModel
import TraceReading

@testable import Replay

/// Replays `lines` (a header first) with id recycling on and a cap of `cap` ids, releasing
/// unneeded ids after each event as `check` does; returns the model.
private func replayRecycling(_ lines: [String], cap: Int) -> SessionModel? {
  let decoder = RecordDecoder()
  var model: SessionModel?
  for (index, text) in lines.enumerated() {
    var text = text
    let item = text.withUTF8 { decoder.decode(RawLine(number: index + 1, bytes: UnsafeRawBufferPointer($0))) }
    switch item {
    case .session(let header, _, let symbols):
      model = SessionModel(header: header, symbols: symbols)
      model?.recyclesIDs = true
      model?.objectCap = cap
    case .event(let event):
      _ = model?.apply(event)
      model?.releaseUnneededIDs()
    default: break
    }
  }
  return model
}

private let header = #"{"traceq":1,"app":"T","os":"17.0","idiom":"phone","supported":"all"}"#

/// `count` controllers that appear nowhere: each is only told of a size change.
private func strangers(_ count: Int) -> [String] {
  (0..<count).map {
    #"{"ev":"viewWillTransitionToSize","vc":"0xs\#($0)","class":"Stranger","width":320,"height":480}"#
  }
}

@Suite("Bounded memory: ids of objects gone are reused")
struct IDRecyclingTests {
  @Test("an address freed (dealloc) and named again starts fresh: no class, no answers from before")
  func recycledAfterDealloc() throws {
    let model = try #require(
      replayRecycling(
        [
          header,
          #"{"ev":"supportedInterfaceOrientations","vc":"0xa","class":"OldController","mask":"portrait"}"#,
          #"{"ev":"dealloc","vc":"0xa"}"#,
        ] + strangers(8) + [#"{"ev":"shouldAutorotate","vc":"0xa","value":false}"#],
        cap: 4))
    let symbols = model.symbols
    let id = symbols.intern("0xa")
    #expect(symbols.className(of: id) == nil)
    #expect(symbols.describe(id) == "0xa")
    #expect(model[id].supportedMask == nil)
    #expect(model[id].shouldAutorotate == false)
    // The ids stay near the cap instead of one per address named.
    #expect(symbols.count < 8)
  }

  @Test("controllers the model needs keep their ids and state; idle ones are released")
  func neededControllersKept() throws {
    let model = try #require(
      replayRecycling(
        [
          header,
          #"{"ev":"setRoot","vc":"0xr","class":"RootController"}"#,
          #"{"ev":"viewWillAppear","vc":"0xr"}"#, #"{"ev":"viewDidAppear","vc":"0xr"}"#,
          #"{"ev":"present","presenter":"0xr","vc":"0xp","class":"SheetController","style":"fullScreen"}"#,
          #"{"ev":"supportedInterfaceOrientations","vc":"0xp","mask":"portrait"}"#,
        ] + strangers(40),
        cap: 8))
    let symbols = model.symbols
    let root = symbols.intern("0xr")
    let sheet = symbols.intern("0xp")
    #expect(symbols.describe(root) == "RootController 0xr")
    #expect(symbols.describe(sheet) == "SheetController 0xp")
    #expect(model[root].presented == sheet)
    #expect(model[sheet].presenter == root)
    #expect(model[sheet].supportedMask == .portrait)
    #expect(symbols.count < 20)
  }

  @Test("a freed address no longer finds its old id, and every other address keeps its own")
  func interningAfterRelease() {
    let symbols = SessionSymbols()
    let addresses = (0..<3000).map { "0x7f000001\(String($0, radix: 16))" }
    let ids = addresses.map { symbols.intern($0) }
    for (index, id) in ids.enumerated() where index % 3 == 0 { symbols.release(id) }
    #expect(symbols.freeCount == 1000)
    let newcomers = (0..<1000).map { symbols.intern("0xnew\($0)") }
    #expect(symbols.count == 3000)
    #expect(Set(newcomers).count == 1000)
    for (index, address) in addresses.enumerated() where index % 3 != 0 {
      #expect(symbols.intern(address) == ids[index])
      #expect(symbols.address(of: ids[index]) == address)
    }
    for (index, id) in newcomers.enumerated() { #expect(symbols.address(of: id) == "0xnew\(index)") }
    // A released address is new again: it takes a fresh id, past the ones in use.
    #expect(symbols.intern(addresses[0]).offset == 3000)
  }
}
