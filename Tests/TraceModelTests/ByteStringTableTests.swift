import Foundation
import Testing

@_spi(Bytes) @testable import TraceModel

@Suite("Byte string table")
struct ByteStringTableTests {
  private func lookUp<Value>(_ table: ByteStringTable<Value>, _ name: String) -> Value? {
    Array(name.utf8).withUnsafeBytes { table.value(for: $0) }
  }

  @Test("every name of the format's tables finds its value")
  func formatNames() {
    for key in RecordKey.allCases { #expect(lookUp(RecordKey.byName, key.name) == key) }
    for name in EventName.allCases {
      #expect(Array(name.name.utf8).withUnsafeBytes { EventName.named($0) } == name)
      #expect(EventName(name: name.name + "s") == nil)
    }
  }

  @Test("near misses find nothing: prefixes, extensions, another byte, another case")
  func nearMisses() {
    for key in RecordKey.allCases {
      let name = key.name
      let prefix = String(name.dropLast())
      #expect(lookUp(RecordKey.byName, prefix) == RecordKey.allCases.first { $0.name == prefix })
      #expect(lookUp(RecordKey.byName, name + "x") == nil)
      #expect(lookUp(RecordKey.byName, "x" + name) == nil)
      #expect(lookUp(RecordKey.byName, name.uppercased()) == nil)
      var bytes = Array(name.utf8)
      bytes[bytes.count / 2] ^= 0x01
      #expect(bytes.withUnsafeBytes { RecordKey.byName.value(for: $0) } == nil)
    }
    #expect(lookUp(RecordKey.byName, "") == nil)
    #expect(lookUp(RecordKey.byName, String(repeating: "t", count: 100)) == nil)
  }

  @Test("names that share their length and first and last eight bytes are told apart")
  func sameEnds() {
    // Longer than sixteen bytes, differing only in the middle: the slot's words match.
    let names = (0..<40).map { "abcdefgh-\(String(UnicodeScalar(UInt8(65 + $0))))-stuvwxyz" }
    let table = ByteStringTable(names.enumerated().map { ($1, $0) })
    for (index, name) in names.enumerated() { #expect(lookUp(table, name) == index) }
    #expect(lookUp(table, "abcdefgh-z-stuvwxyz") == nil)
    #expect(lookUp(table, "abcdefgh--stuvwxyz") == nil)
  }

  @Test("a short string's head word is its bytes, little-endian and zero-padded")
  func headWord() {
    let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A]
    for count in 0...bytes.count {
      var expected: UInt64 = 0
      for index in 0..<min(count, 8) { expected |= UInt64(bytes[index]) << (8 * UInt64(index)) }
      let head = bytes.withUnsafeBytes { ShortBytes.head(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      #expect(head == expected, "\(count) bytes")
    }
  }

  @Test("the first of repeated names wins; the empty name is a name")
  func repeatedAndEmpty() {
    let table = ByteStringTable([("one", 1), ("", 0), ("one", 2), ("two", 3)])
    #expect(lookUp(table, "one") == 1)
    #expect(lookUp(table, "") == 0)
    #expect(lookUp(table, "two") == 3)
    #expect(lookUp(ByteStringTable<Int>([]), "one") == nil)
    #expect(lookUp(ByteStringTable<Int>([]), "") == nil)
  }
}
