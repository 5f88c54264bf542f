import Foundation
@_spi(Bytes) import TraceModel

/// The JSON type of a value.
package enum JSONKind: UInt8, Sendable {
  case string, number, `true`, `false`, null, array, object

  /// How messages name the type ("a string", "an array").
  package var article: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .true, .false: "a boolean"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// Where a value sits in the line: for a string, the bytes between the quotes; otherwise
/// the whole token (brackets included for arrays and objects).
struct ScannedValue {
  var kind: JSONKind
  var hasEscapes: Bool
  var start: Int32
  var end: Int32
  /// For a number: its value when the scanner could compute it exactly on the way (a plain
  /// decimal of up to 15 significant digits), else NaN (then ``JSONText/number(_:)`` parses it).
  var number = Double.nan
}

/// The known keys' values of the line a ``RecordScanner`` scanned last, as plain values (no
/// reference to count): valid until it scans another line.
struct ScannedRecord {
  let line: UnsafeRawBufferPointer
  let present: UInt64
  let slots: UnsafeMutablePointer<ScannedValue>

  /// The value of `key`, or nil when the key was absent.
  @inline(__always)
  func value(_ key: RecordKey) -> ScannedValue? {
    present & (1 << UInt64(key.rawValue)) != 0 ? slots[key.rawValue] : nil
  }

  /// The bytes of a value (a string's without its quotes).
  @inline(__always)
  func bytes(_ value: ScannedValue) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: line.baseAddress! + Int(value.start), count: Int(value.end &- value.start))
  }
}

/// Why a line is not valid JSON, and where (a byte offset into the line).
package struct JSONSyntaxError: Error, Equatable, Sendable {
  package var message: String
  package var offset: Int
}

/// A validating, single-pass JSON scanner for one record per line. It checks the whole line
/// (strings, escapes, UTF-8, numbers, nesting) and records the position of the top-level
/// values whose key is a `RecordKey`, allocating nothing.
final class RecordScanner {
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  @exclusivity(unchecked) private(set) var line = UnsafeRawBufferPointer(start: nil, count: 0)
  @exclusivity(unchecked) private var present: UInt64 = 0
  /// The first known key the last scanned line holds more than once (its first value is the
  /// one kept, as SQLite's `json_extract` reads it), or nil.
  @exclusivity(unchecked) private(set) var repeatedKey: RecordKey?
  /// The event the last scanned line's `ev` names, when it is a string without escapes and a
  /// known name: looked up during the scan, so that it happens on the read-ahead thread.
  @exclusivity(unchecked) private(set) var eventName: EventName?
  private let slots = UnsafeMutablePointer<ScannedValue>.allocate(capacity: RecordKey.allCases.count)
  private let keys = RecordKey.byName
  private static let maxDepth = 64

  deinit { slots.deallocate() }

  /// The known keys' values of the last scanned line.
  var record: ScannedRecord { ScannedRecord(line: line, present: present, slots: slots) }

  /// The value of `key` in the last scanned line, or nil when the key was absent.
  @inline(__always)
  func value(_ key: RecordKey) -> ScannedValue? { record.value(key) }

  /// The bytes of a value (a string's without its quotes).
  @inline(__always)
  func bytes(_ value: ScannedValue) -> UnsafeRawBufferPointer { record.bytes(value) }

  /// The text of a value as written (a string's without its quotes), cut to `limit` bytes.
  func text(_ value: ScannedValue, limit: Int) -> String {
    let bytes = bytes(value)
    return String(decoding: bytes.prefix(limit), as: UTF8.self) + (bytes.count > limit ? "…" : "")
  }

  /// What the last scan found, for a line scanned on another thread (``ReadAheadLines``).
  var summary: PrescannedRecord.Summary {
    PrescannedRecord.Summary(present: present, repeatedKey: repeatedKey, eventName: eventName)
  }

  /// Writes the last scan's values, one per present key in key order, at `destination`;
  /// returns how many.
  func copySlots(to destination: UnsafeMutablePointer<ScannedValue>) -> Int {
    var written = 0
    var remaining = present
    while remaining != 0 {
      let key = remaining.trailingZeroBitCount
      (destination + written).initialize(to: slots[key])
      written += 1
      remaining &= remaining &- 1
    }
    return written
  }

  /// Takes `line` as scanned already: afterwards the scanner answers as if it had scanned it.
  @inline(__always)
  func restore(_ line: UnsafeRawBufferPointer, _ scanned: PrescannedRecord) {
    self.line = line
    present = scanned.summary.present
    repeatedKey = scanned.summary.repeatedKey
    eventName = scanned.summary.eventName
    var read = 0
    var remaining = present
    while remaining != 0 {
      slots[remaining.trailingZeroBitCount] = scanned.slots[read]
      read += 1
      remaining &= remaining &- 1
    }
  }

  /// Scans `line`; afterwards ``value(_:)`` finds the known keys' values (of a key written twice,
  /// the first: see ``repeatedKey``).
  func scan(_ line: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
    self.line = line
    present = 0
    repeatedKey = nil
    eventName = nil
    guard line.count < Int32.max else {
      throw JSONSyntaxError(message: "the line is longer than 2 GiB", offset: 0)
    }
    guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      throw JSONSyntaxError(message: "the line is empty", offset: 0)
    }
    let count = line.count
    var index = skipSpace(base, 0, count)
    guard index < count, base[index] == UInt8(ascii: "{") else {
      throw JSONSyntaxError(message: "a record must be a JSON object ({…})", offset: index)
    }
    index = skipSpace(base, index + 1, count)
    if index < count, base[index] == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        guard index < count, base[index] == UInt8(ascii: "\"") else {
          throw JSONSyntaxError(
            message: index < count ? "expected a key in double quotes" : "the object is not closed", offset: index)
        }
        let known: RecordKey?
        let keyEnd: Int
        if let short = shortKey(base, index, count) {
          known = keys.value(head: short.head, count: short.end - index - 2)
          keyEnd = short.end
        } else {
          let key = try scanString(base, index, count)
          let keyBytes = UnsafeRawBufferPointer(start: base + index + 1, count: key.end - 1 - (index + 1))
          known = key.hasEscapes ? keys.value(for: JSONText.decode(keyBytes)) : keys.value(for: keyBytes)
          keyEnd = key.end
        }
        let keyBytes = UnsafeRawBufferPointer(start: base + index + 1, count: keyEnd - 1 - (index + 1))
        index = skipSpace(base, keyEnd, count)
        guard index < count, base[index] == UInt8(ascii: ":") else {
          throw JSONSyntaxError(message: "expected ':' after the key \"\(JSONText.decode(keyBytes))\"", offset: index)
        }
        index = skipSpace(base, index + 1, count)
        let value = try scanValue(base, &index, count, depth: 1)
        if let known {
          if present & (1 << UInt64(known.rawValue)) == 0 {
            slots[known.rawValue] = value
            present |= 1 << UInt64(known.rawValue)
            if known == .ev, value.kind == .string, !value.hasEscapes {
              eventName = EventName.named(
                UnsafeRawBufferPointer(start: base + Int(value.start), count: Int(value.end - value.start)))
            }
          } else if repeatedKey == nil {
            repeatedKey = known
          }
        }
        index = skipSpace(base, index, count)
        guard index < count else { throw JSONSyntaxError(message: "the object is not closed", offset: index) }
        if base[index] == UInt8(ascii: ",") {
          index = skipSpace(base, index + 1, count)
          continue
        }
        guard base[index] == UInt8(ascii: "}") else {
          throw JSONSyntaxError(message: "expected ',' or '}' after a value", offset: index)
        }
        index += 1
        break
      }
    }
    index = skipSpace(base, index, count)
    guard index == count else { throw JSONSyntaxError(message: "unexpected text after the JSON object", offset: index) }
  }

  /// Calls `body` with each element of an array value, in order.
  func forEachElement(of array: ScannedValue, _ body: (ScannedValue) throws -> Void) rethrows {
    let base = line.baseAddress!.assumingMemoryBound(to: UInt8.self)
    let end = Int(array.end) - 1  // the closing bracket
    var index = skipSpace(base, Int(array.start) + 1, end)
    while index < end {
      // The line was validated by scan(), so this cannot throw.
      guard let element = try? scanValue(base, &index, end, depth: 1) else { return }
      try body(element)
      index = skipSpace(base, index, end)
      if index < end, base[index] == UInt8(ascii: ",") { index = skipSpace(base, index + 1, end) }
    }
  }

  // MARK: - Grammar

  @inline(__always)
  private func skipSpace(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> Int {
    var index = start
    while index < count {
      switch base[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }

  private func scanValue(
    _ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int, depth: Int
  ) throws(JSONSyntaxError) -> ScannedValue {
    guard index < count else { throw JSONSyntaxError(message: "a value is missing", offset: index) }
    let start = index
    switch base[index] {
    case UInt8(ascii: "\""):
      let string = try scanString(base, index, count)
      index = string.end
      return ScannedValue(
        kind: .string, hasEscapes: string.hasEscapes, start: Int32(start + 1), end: Int32(string.end - 1))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let number = try scanNumber(base, index, count)
      index = number.end
      return ScannedValue(
        kind: .number, hasEscapes: false, start: Int32(start), end: Int32(index), number: number.value)
    case UInt8(ascii: "t"):
      index = try expectWord("true", base, index, count)
      return ScannedValue(kind: .true, hasEscapes: false, start: Int32(start), end: Int32(index))
    case UInt8(ascii: "f"):
      index = try expectWord("false", base, index, count)
      return ScannedValue(kind: .false, hasEscapes: false, start: Int32(start), end: Int32(index))
    case UInt8(ascii: "n"):
      index = try expectWord("null", base, index, count)
      return ScannedValue(kind: .null, hasEscapes: false, start: Int32(start), end: Int32(index))
    case UInt8(ascii: "["):
      index = try scanContainer(base, index, count, depth: depth, isArray: true)
      return ScannedValue(kind: .array, hasEscapes: false, start: Int32(start), end: Int32(index))
    case UInt8(ascii: "{"):
      index = try scanContainer(base, index, count, depth: depth, isArray: false)
      return ScannedValue(kind: .object, hasEscapes: false, start: Int32(start), end: Int32(index))
    default:
      throw JSONSyntaxError(
        message: "unexpected character \(Self.describe(base[index])) where a value should be", offset: index)
    }
  }

  /// Scans a nested array or object starting at its bracket; returns the index after it.
  private func scanContainer(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int, depth: Int, isArray: Bool
  ) throws(JSONSyntaxError) -> Int {
    guard depth < Self.maxDepth else {
      throw JSONSyntaxError(message: "values are nested more than \(Self.maxDepth) levels deep", offset: start)
    }
    let close = UInt8(ascii: isArray ? "]" : "}")
    var index = skipSpace(base, start + 1, count)
    if index < count, base[index] == close { return index + 1 }
    while true {
      if !isArray {
        guard index < count, base[index] == UInt8(ascii: "\"") else {
          throw JSONSyntaxError(message: "expected a key in double quotes", offset: index)
        }
        index = skipSpace(base, try scanString(base, index, count).end, count)
        guard index < count, base[index] == UInt8(ascii: ":") else {
          throw JSONSyntaxError(message: "expected ':' after a key", offset: index)
        }
        index = skipSpace(base, index + 1, count)
      }
      _ = try scanValue(base, &index, count, depth: depth + 1)
      index = skipSpace(base, index, count)
      guard index < count else {
        throw JSONSyntaxError(message: isArray ? "the array is not closed" : "the object is not closed", offset: index)
      }
      if base[index] == UInt8(ascii: ",") {
        index = skipSpace(base, index + 1, count)
        continue
      }
      guard base[index] == close else {
        throw JSONSyntaxError(message: "expected ',' or '\(Character(Unicode.Scalar(close)))'", offset: index)
      }
      return index + 1
    }
  }

  /// A key of one to eight plain bytes at `start` (its opening quote), read in one word: the index
  /// after its closing quote and its bytes as `ShortBytes/head(_:)` gives them; nil for any
  /// other key (longer, empty, escaped, or too near the end of the line to read a word).
  @inline(__always)
  private func shortKey(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> (end: Int, head: UInt64)? {
    guard start + 10 <= count else { return nil }
    let word = UnsafeRawPointer(base + start + 1).loadUnaligned(as: UInt64.self)
    let length = Self.specialBytes(word).trailingZeroBitCount >> 3
    guard length > 0, base[start + 1 + length] == UInt8(ascii: "\"") else { return nil }
    let head = length == 8 ? word : word & (UInt64.max >> (64 - 8 * UInt64(length)))
    return (start + length + 2, head)
  }

  /// Scans a string starting at its opening quote; returns the index after the closing quote.
  @inline(__always)
  private func scanString(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int
  ) throws(JSONSyntaxError) -> (end: Int, hasEscapes: Bool) {
    var index = start + 1
    var hasEscapes = false
    while index < count {
      // Eight bytes at a time, then straight to the first byte that needs a look.
      while index + 8 <= count {
        let special = Self.specialBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if special != 0 {
          index += special.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      guard index < count else { break }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") { return (index + 1, hasEscapes) }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        index = try scanEscape(base, index, count)
      } else if byte < 0x20 {
        throw JSONSyntaxError(
          message: "a control character (\(Self.describe(byte))) inside a string must be escaped", offset: index)
      } else if byte >= 0x80 {
        index = try scanUTF8(base, index, count)
      } else {
        index += 1
      }
    }
    throw JSONSyntaxError(message: "a string is not closed", offset: start)
  }

  private func scanEscape(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(JSONSyntaxError) -> Int {
    guard start + 1 < count else { throw JSONSyntaxError(message: "a string is not closed", offset: start) }
    switch base[start + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return start + 2
    case UInt8(ascii: "u"):
      guard start + 6 <= count, (start + 2..<start + 6).allSatisfy({ Self.isHexDigit(base[$0]) }) else {
        throw JSONSyntaxError(message: "\\u must be followed by four hex digits", offset: start)
      }
      return start + 6
    default:
      throw JSONSyntaxError(message: "\\\(Self.describe(base[start + 1])) is not a JSON escape", offset: start)
    }
  }

  /// Checks one UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
  private func scanUTF8(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) throws(JSONSyntaxError) -> Int {
    let lead = base[start]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw JSONSyntaxError(message: "the text is not valid UTF-8", offset: start)
    }
    guard start + length <= count else { throw JSONSyntaxError(message: "the text is not valid UTF-8", offset: start) }
    let second = base[start + 1]
    guard second >= low, second <= high else {
      throw JSONSyntaxError(message: "the text is not valid UTF-8", offset: start)
    }
    for index in start + 2..<start + length where base[index] & 0xC0 != 0x80 {
      throw JSONSyntaxError(message: "the text is not valid UTF-8", offset: index)
    }
    return start + length
  }

  /// Scans `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; returns the index after it and,
  /// for a plain decimal of up to 15 significant digits, its value (else NaN).
  private func scanNumber(
    _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int
  ) throws(JSONSyntaxError) -> (end: Int, value: Double) {
    var index = start
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < count, Self.isDigit(base[index]) else {
      throw JSONSyntaxError(message: "a number must start with a digit", offset: index)
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var decimals = 0
    if base[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < count, Self.isDigit(base[index]) {
        mantissa = mantissa &* 10 &+ UInt64(base[index] &- 0x30)
        digits += 1
        index += 1
      }
    }
    if index < count, base[index] == UInt8(ascii: ".") {
      index += 1
      guard index < count, Self.isDigit(base[index]) else {
        throw JSONSyntaxError(message: "a digit must follow the decimal point", offset: index)
      }
      while index < count, Self.isDigit(base[index]) {
        mantissa = mantissa &* 10 &+ UInt64(base[index] &- 0x30)
        if mantissa != 0 { digits += 1 }
        decimals += 1
        index += 1
      }
    }
    var exact = digits <= 15 && decimals <= 22
    if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
      exact = false
      index += 1
      if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
      guard index < count, Self.isDigit(base[index]) else {
        throw JSONSyntaxError(message: "a digit must follow the exponent", offset: index)
      }
      while index < count, Self.isDigit(base[index]) { index += 1 }
    }
    if index < count, Self.isDigit(base[index]) {
      throw JSONSyntaxError(message: "a number must not have leading zeros", offset: index)
    }
    guard exact else { return (index, .nan) }
    let value = Double(mantissa) / JSONText.powersOfTen[decimals]
    return (index, negative ? -value : value)
  }

  private func expectWord(_ word: StaticString, _ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int)
    throws(JSONSyntaxError) -> Int
  {
    let length = word.utf8CodeUnitCount
    guard start + length <= count, memcmp(base + start, word.utf8Start, length) == 0 else {
      throw JSONSyntaxError(message: "unexpected word where a value should be (true, false or null?)", offset: start)
    }
    return start + length
  }

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  /// The high bit of each of eight bytes that ends or escapes a string, or needs checking: a
  /// quote, a backslash, a control byte, a byte of a multi-byte UTF-8 sequence (SWAR tests).
  /// The lowest bit set is exact (the tests may flag bytes after the first match, never before):
  /// 0 when all eight are plain.
  @inline(__always) private static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let hasQuote = (quotes &- ones) & ~quotes
    let hasBackslash = (backslashes &- ones) & ~backslashes
    let hasControl = (word &- ones &* 0x20) & ~word
    return (hasQuote | hasBackslash | hasControl | word) & highs
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- 0x61 < 6 }

  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }
}
