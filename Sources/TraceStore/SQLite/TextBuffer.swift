import TraceModel
@_spi(Bytes) import TraceSupport

/// JSON text written into a `GrowableBytes`, reused from record to record.
struct TextBuffer {
  private let storage = GrowableBytes(capacity: 1 << 12)

  var count: Int { storage.count }

  var bytes: UnsafeRawBufferPointer { storage.bytes }

  subscript(range: Range<Int>) -> UnsafeRawBufferPointer { storage[range] }

  /// Forgets the text, keeping the room for the next record's.
  func removeAll() { storage.removeAll() }

  /// Appends `bytes`; returns where they are.
  @inline(__always) @discardableResult
  func append(_ bytes: UnsafeRawBufferPointer) -> Range<Int> { storage.append(bytes) }

  @inline(__always)
  func appendLiteral(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends `,"name":`, the start of a member after the first, in one append.
  @inline(__always)
  func appendMemberKey(_ name: StaticString) {
    let count = name.utf8CodeUnitCount
    storage.append(writingAtMost: count + 4) { start in
      start.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
      start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: 1, as: UInt8.self)
      (start + 2).copyMemory(from: name.utf8Start, byteCount: count)
      start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: count + 2, as: UInt8.self)
      start.storeBytes(of: UInt8(ascii: ":"), toByteOffset: count + 3, as: UInt8.self)
      return count + 4
    }
  }

  /// Appends the members of `object` (a JSON object's text) after the ones written: a comma,
  /// then the object without its opening brace, in one append.
  @inline(__always)
  func appendMembers(of object: UnsafeRawBufferPointer) {
    storage.append(writingAtMost: object.count) { start in
      start.copyMemory(from: object.baseAddress!, byteCount: object.count)
      start.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
      return object.count
    }
  }

  /// Appends `text`; returns where it is.
  @discardableResult
  func append(_ text: String) -> Range<Int> {
    var text = text
    return text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `value` as `description` spells it; returns where it is.
  @discardableResult
  func append(_ value: Double) -> Range<Int> {
    let written = storage.append(writingAtMost: Double.shortDecimalMaxCount) { start in
      value.writeShortDecimal(to: start.assumingMemoryBound(to: UInt8.self))
    }
    return written.isEmpty ? append(value.description) : written
  }

  /// Appends `text` as a JSON string; returns where it is.
  @discardableResult
  func appendQuoted(_ text: String) -> Range<Int> {
    var text = text
    return text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `bytes` as a JSON string (quotes, backslashes and control characters escaped).
  @discardableResult
  func appendQuoted(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
    storage.append(writingAtMost: bytes.count * 6 + 2) { start in
      let output = start.assumingMemoryBound(to: UInt8.self)
      var count = 0
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
      return count + 1
    }
  }
}
