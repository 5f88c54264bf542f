import Testing

@testable import TraceModel

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
