import TraceReading

/// Reads string and number fields out of a line of JSON without parsing all of it: enough
/// for the few fields of a log record or crash report traceq needs (`"eventMessage" : "…"`).
enum JSONStringField {
  /// The decoded value of the first `"key" : "…"` in `bytes`, or nil.
  static func value(of key: String, in bytes: UnsafeRawBufferPointer) -> String? {
    guard var index = valueStart(of: key, in: bytes), bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    guard let end = stringEnd(from: index, in: bytes) else { return nil }
    return JSONText.decode(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
  }

  /// The integer value of `"key" : 123`, or nil.
  static func number(of key: String, in bytes: UnsafeRawBufferPointer) -> Int? {
    guard var index = valueStart(of: key, in: bytes) else { return nil }
    let start = index
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    return index > start ? Int(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
  }

  /// The decoded JSON string that holds the byte at `offset`, or nil when it is not in one.
  static func enclosingString(at offset: Int, in bytes: UnsafeRawBufferPointer) -> String? {
    // The opening quote: the last unescaped one before `offset`, counting quotes from the start.
    var index = 0
    var open: Int?
    while index < offset {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") { open = open == nil ? index : nil }
      index += 1
    }
    guard let open, let end = stringEnd(from: open + 1, in: bytes) else { return nil }
    return JSONText.decode(UnsafeRawBufferPointer(rebasing: bytes[(open + 1)..<end]))
  }

  /// Where the value of `"key"` starts (after the colon and spaces).
  private static func valueStart(of key: String, in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let found = ByteText(bytes).firstOffset(of: "\"" + key + "\"") else { return nil }
    var index = found + key.utf8.count + 2
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
    index += 1
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    return index < bytes.count ? index : nil
  }

  /// The offset of the closing quote of a string whose content starts at `start`.
  private static func stringEnd(from start: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""): return index
      default: index += 1
      }
    }
    return nil
  }
}
