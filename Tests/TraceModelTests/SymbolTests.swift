import Testing

@_spi(Bytes) @testable import TraceModel

@Suite("Naming objects and matching names")
struct SymbolTests {
  @Test("addresses of every length keep their id, across many objects and table growth")
  func interning() {
    let symbols = SessionSymbols()
    // Long addresses share their first eight bytes; short ones fit in one word.
    let addresses = (0..<5000).map { "0x7f000001\(String($0, radix: 16))" } + (0..<300).map { "0x\($0)" }
    let ids = addresses.map { symbols.intern($0) }
    #expect(Set(ids).count == addresses.count)
    #expect(symbols.count == addresses.count)
    for (address, id) in zip(addresses, ids) {
      #expect(symbols.intern(address) == id)
      #expect(symbols.address(of: id) == address)
    }
  }

  @Test("a released address is new when named again, however lately it was looked up")
  func releaseForgetsRecentLookups() {
    let symbols = SessionSymbols()
    for number in 0..<100 {
      let address = "0x7fcf59\(String(number, radix: 16))"
      let id = symbols.intern(address)
      #expect(symbols.intern(address) == id)
      symbols.release(id)
      // Another address takes the released number; the released address then needs a new one.
      let newcomer = "0x600000\(String(number, radix: 16))"
      #expect(symbols.intern(newcomer) == id)
      let again = symbols.intern(address)
      #expect(again != id)
      #expect(symbols.address(of: again) == address)
      #expect(symbols.address(of: id) == newcomer)
    }
  }

  @Test("names are found by their bytes, whatever their length, and near misses are not")
  func table() {
    for event in EventName.allCases { #expect(EventName(name: event.name) == event) }
    for near in [
      "viewWillAppea", "viewWillAppears", "viewWillDisappea", "popoverDismis", "", "supportedInterfaceOrientationz",
    ] {
      #expect(EventName(name: near) == nil, "\(near)")
    }
    for key in RecordKey.allCases { #expect(RecordKey.byName.value(for: key.name) == key) }
  }
}
