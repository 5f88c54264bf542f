import Foundation
import Testing

@testable import TraceModel

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

  @Test("names that hash alike (same length, first, middle and last byte) are told apart")
  func collisions() {
    let names = (0..<40).map { "a\(String(UnicodeScalar(UInt8(65 + $0))))m\(String(UnicodeScalar(UInt8(65 + $0))))a" }
    let table = ByteStringTable(names.enumerated().map { ($1, $0) })
    for (index, name) in names.enumerated() { #expect(lookUp(table, name) == index) }
    #expect(lookUp(table, "azmza") == nil)
    #expect(lookUp(table, "aAmBa") == nil)
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
