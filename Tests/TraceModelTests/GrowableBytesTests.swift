import PropertyBased
import Testing

@testable import TraceModel
@_spi(Bytes) @testable import TraceSupport

@Suite("Growable bytes")
struct GrowableBytesTests {
  /// The bytes of the `index`th run of `length` bytes: distinct runs have distinct bytes.
  private static func run(_ index: Int, length: Int) -> [UInt8] {
    (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7 &+ length) }
  }

  @Test("an empty buffer, even one asked for no room, has an address and no bytes")
  func empty() {
    for capacity in [0, 1, 1024] {
      let buffer = GrowableBytes(capacity: capacity)
      #expect(buffer.count == 0)
      #expect(buffer.bytes.baseAddress != nil)
      #expect(buffer[0..<0].baseAddress != nil)
      #expect(buffer.append(UnsafeRawBufferPointer(start: nil, count: 0)) == 0..<0)
      #expect(buffer.append([]) == 0..<0)
      #expect(buffer.bytes.baseAddress != nil)
    }
  }

  @Test("runs appended past the first allocation are all kept, in order, where the ranges say")
  func growth() {
    let buffer = GrowableBytes(capacity: 1)
    var expected: [UInt8] = []
    var ranges: [Range<Int>] = []
    for index in 0..<200 {
      let run = Self.run(index, length: index % 37)
      ranges.append(buffer.append(run))
      expected += run
    }
    #expect(Array(buffer.bytes) == expected)
    for (index, range) in ranges.enumerated() { #expect(Array(buffer[range]) == Self.run(index, length: index % 37)) }
    #expect(buffer.capacity >= buffer.count)
  }

  @Test("emptying keeps the allocation: the next bytes go to the same address")
  func removeAllKeepsRoom() {
    let buffer = GrowableBytes(capacity: 64)
    buffer.append(Self.run(1, length: 50))
    let address = buffer.bytes.baseAddress
    buffer.removeAll()
    #expect(buffer.count == 0)
    buffer.append(Self.run(2, length: 60))
    #expect(buffer.bytes.baseAddress == address)
    #expect(Array(buffer.bytes) == Self.run(2, length: 60))
  }

  @Test("a writer may write fewer bytes than the room it asked for, and none")
  func writing() {
    let buffer = GrowableBytes(capacity: 2)
    buffer.append([1, 2])
    let range = buffer.append(writingAtMost: 100) { start in
      start.storeBytes(of: 9, as: UInt8.self)
      (start + 1).storeBytes(of: 8, as: UInt8.self)
      return 2
    }
    #expect(range == 2..<4)
    #expect(buffer.append(writingAtMost: 0) { _ in 0 } == 4..<4)
    #expect(Array(buffer.bytes) == [1, 2, 9, 8])
  }

  /// An operation on the buffer: 0 empties it, 1 mod 5 has a writer write half the room it
  /// asks for, anything else appends a run of that many bytes.
  static let operations = Gen.int(in: 0...700).array(of: 0...60)

  @Test("any sequence of appends, writes and emptyings keeps the buffer equal to an array")
  func matchesAnArray() async {
    await propertyCheck(input: Gen.int(in: 0...64), Self.operations) { capacity, operations in
      let buffer = GrowableBytes(capacity: capacity)
      var model: [UInt8] = []
      for (index, operation) in operations.enumerated() {
        let run = Self.run(index, length: operation % 5 == 1 ? operation / 2 : operation)
        if operation == 0 {
          buffer.removeAll()
          model.removeAll()
          continue
        }
        let range: Range<Int>
        if operation % 5 == 1 {
          range = buffer.append(writingAtMost: operation) { start in
            for (offset, byte) in run.enumerated() { (start + offset).storeBytes(of: byte, as: UInt8.self) }
            return run.count
          }
        } else {
          range = buffer.append(run)
        }
        #expect(range == model.count..<model.count + run.count)
        model += run
        #expect(Array(buffer[range]) == run)
        #expect(buffer.count == model.count && buffer.count <= buffer.capacity)
      }
      #expect(Array(buffer.bytes) == model)
      #expect(buffer.bytes.baseAddress != nil)
    }
  }
}
