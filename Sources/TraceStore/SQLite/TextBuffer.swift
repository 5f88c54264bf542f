/// Bytes appended at a stable address, reused from record to record.
struct TextBuffer {
  private final class Storage {
    var base = UnsafeMutableRawPointer.allocate(byteCount: 1 << 12, alignment: 8)
    var capacity = 1 << 12
    deinit { base.deallocate() }
  }

  private let storage = Storage()
  var count = 0

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.base, count: count) }

  subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: storage.base + range.lowerBound, count: range.count)
  }

  /// Appends `bytes`; returns where they are.
  @inline(__always) @discardableResult
  mutating func append(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    reserve(bytes.count)
    if let source = bytes.baseAddress { (storage.base + count).copyMemory(from: source, byteCount: bytes.count) }
    count += bytes.count
    return count - bytes.count..<count
  }

  @inline(__always)
  mutating func appendLiteral(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends `text`; returns where it is.
  @discardableResult
  mutating func append(_ text: String) -> Range<Int> {
    var text = text
    return text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `text` as a JSON string; returns where it is.
  @discardableResult
  mutating func appendQuoted(_ text: String) -> Range<Int> {
    var text = text
    return text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `bytes` as a JSON string (quotes, backslashes and control characters escaped).
  @discardableResult
  mutating func appendQuoted(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    let start = count
    reserve(bytes.count * 6 + 2)
    let output = storage.base.assumingMemoryBound(to: UInt8.self)
    output[count] = UInt8(ascii: "\"")
    count += 1
    for byte in bytes {
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        output[count] = UInt8(ascii: "\\")
        output[count + 1] = byte
        count += 2
      } else if byte < 0x20 {
        let hex: StaticString = "0123456789abcdef"
        for (offset, digit) in [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30].enumerated() {
          output[count + offset] = digit
        }
        output[count + 4] = hex.utf8Start[Int(byte >> 4)]
        output[count + 5] = hex.utf8Start[Int(byte & 0xF)]
        count += 6
      } else {
        output[count] = byte
        count += 1
      }
    }
    output[count] = UInt8(ascii: "\"")
    count += 1
    return start..<count
  }

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    guard count + extra > storage.capacity else { return }
    grow(extra)
  }

  private mutating func grow(_ extra: Int) {
    let capacity = max(storage.capacity * 2, count + extra)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    grown.copyMemory(from: storage.base, byteCount: count)
    storage.base.deallocate()
    storage.base = grown
    storage.capacity = capacity
  }
}
