/// Writes one record's JSON into memory the buffer reserved for it (at least the bound the
/// caller computed with ``RecordEncoder/bound(strings:)``). No allocation, no reference counts:
/// this runs on the calling thread for every event.
struct RecordEncoder {
  private(set) var cursor: UnsafeMutablePointer<UInt8>
  let vocabulary: RecordVocabulary

  init(at start: UnsafeMutableRawPointer, vocabulary: RecordVocabulary) {
    cursor = start.assumingMemoryBound(to: UInt8.self)
    self.vocabulary = vocabulary
  }

  /// Room a record needs: its fixed keys and values fit in `fixed`, each string byte may
  /// become a six-byte `\u00XX` escape.
  static func bound(fixed: Int = 256, stringBytes: Int = 0) -> Int { fixed + 6 * stringBytes }

  /// `{"t":12.345678,"ev":"name"`: an event's opening, `nanoseconds` after the session began.
  mutating func begin(_ event: EventName, at nanoseconds: UInt64) {
    byte(0x7B)
    stored(vocabulary.key(.t), droppingComma: true)
    seconds(nanoseconds)
    stored(vocabulary.event(event))
  }

  /// `{"traceq":1`: a header's opening.
  mutating func beginHeader() {
    byte(0x7B)
    stored(vocabulary.key(.traceq), droppingComma: true)
    byte(0x31)
  }

  /// `}` and the newline that ends every record.
  mutating func end() {
    byte(0x7D)
    byte(0x0A)
  }

  /// `,"key":`.
  @inline(__always) mutating func key(_ key: RecordKey) { stored(vocabulary.key(key)) }

  /// `"0x7f9c…"`: an object's id, its address in hexadecimal.
  mutating func address(_ address: UInt) {
    byte(0x22)
    byte(0x30)
    byte(0x78)
    let digits = max(1, (UInt.bitWidth - address.leadingZeroBitCount + 3) / 4)
    var shift = (digits - 1) * 4
    while shift >= 0 {
      let nibble = UInt8(truncatingIfNeeded: address >> UInt(shift)) & 0xF
      byte(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
      shift -= 4
    }
    byte(0x22)
  }

  @inline(__always) mutating func bool(_ value: Bool) {
    if value {
      copy("true")
    } else {
      copy("false")
    }
  }

  mutating func null() { copy("null") }

  /// A non-negative integer in decimal.
  mutating func integer(_ value: Int) {
    if value < 0 {
      byte(0x2D)
      integer(0 &- value)
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 20 digits, written back to front
    var count = 0
    var rest = UInt64(value)
    withUnsafeMutableBytes(of: &digits) { scratch in
      repeat {
        scratch[23 - count] = 0x30 + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      cursor.update(from: scratch.baseAddress!.assumingMemoryBound(to: UInt8.self) + 24 - count, count: count)
    }
    cursor += count
  }

  /// Seconds with six decimals (microseconds), from nanoseconds.
  mutating func seconds(_ nanoseconds: UInt64) {
    let micros = nanoseconds / 1000
    integer(Int(micros / 1_000_000))
    byte(0x2E)
    var fraction = Int(micros % 1_000_000)
    var divisor = 100_000
    while divisor > 0 {
      byte(0x30 + UInt8(fraction / divisor))
      fraction %= divisor
      divisor /= 10
    }
  }

  /// A number as JSON: integers as such, others with six decimals, very large ones in Swift's
  /// exponent form (`1e+20`, valid JSON); `null` for infinity and NaN, which JSON cannot write.
  mutating func number(_ value: Double) {
    guard value.isFinite else { return null() }
    if value == value.rounded(), abs(value) < 1e15 {
      integer(Int(value))
    } else if abs(value) < 1e12 {
      if value < 0 { byte(0x2D) }
      seconds(UInt64((abs(value) * 1e9).rounded()))
    } else {
      var text = String(value)  // not reached by a size or a duration: allocates
      text.withUTF8 { utf8 in
        cursor.update(from: utf8.baseAddress!, count: utf8.count)
        cursor += utf8.count
      }
    }
  }

  /// A JSON string with `"`, `\` and control characters escaped.
  mutating func string(_ text: String) {
    byte(0x22)
    var text = text
    text.withUTF8 { utf8 in
      for value in utf8 {
        switch value {
        case 0x22, 0x5C:
          byte(0x5C)
          byte(value)
        case 0x0A:
          byte(0x5C)
          byte(0x6E)
        case 0x00..<0x20:
          copy("\\u00")
          byte(0x30 + value >> 4)
          let low = value & 0xF
          byte(low < 10 ? 0x30 + low : 0x57 + low)
        default:
          byte(value)
        }
      }
    }
    byte(0x22)
  }

  /// Bytes prepared in advance (a key, an event name, a class description).
  @inline(__always) mutating func stored(_ bytes: StoredBytes, droppingComma: Bool = false) {
    let skip = droppingComma ? 1 : 0
    cursor.update(from: bytes.start.assumingMemoryBound(to: UInt8.self) + skip, count: bytes.count - skip)
    cursor += bytes.count - skip
  }

  @inline(__always) mutating func byte(_ value: UInt8) {
    cursor.pointee = value
    cursor += 1
  }

  @inline(__always) private mutating func copy(_ text: StaticString) {
    cursor.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    cursor += text.utf8CodeUnitCount
  }
}
