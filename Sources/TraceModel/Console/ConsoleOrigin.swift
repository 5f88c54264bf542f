/// When and where a console line was logged, read from the prefix the logging tool put before
/// the message: Xcode / NSLog (`2014-05-12 10:11:12.345 Homepwner[1234:a0b] …`), `log show`
/// (default, compact and syslog styles), syslog (`Nov 23 10:11:12 iPhone MyApp[123] <Notice>: …`).
/// Quote markers, backticks and CI prefixes (`[12:34:56]: ▸ `, `[07:42:03.1234560] `) before it
/// are skipped. Fields the prefix does not give are nil.
public struct ConsoleOrigin: Sendable, Hashable {
  /// The time stamp as written (`2014-05-12 10:11:12.345`, `2023-11-23 10:11:12.345678+0100`).
  public var timestamp: String?
  /// The process name; may hold spaces (`My App`).
  public var process: String?
  /// The process id.
  public var pid: Int?
  /// The prefix gave a thread id (`Name[pid:tid]`, as Xcode and NSLog write).
  package var hasThread = false
  /// The time stamp is syslog's `Nov 23 10:11:12` (followed by a host name).
  package var isSyslog = false

  /// An origin with these fields.
  public init(timestamp: String? = nil, process: String? = nil, pid: Int? = nil) {
    self.timestamp = timestamp
    self.process = process
    self.pid = pid
  }

  /// How many bytes of quote markers, backticks, pipes, `▸` and bracketed CI time stamps
  /// start `line`.
  package static func noiseLength(_ line: UnsafeRawBufferPointer) -> Int {
    var cursor = Cursor(bytes: line)
    cursor.skipNoise()
    return cursor.index
  }

  /// Reads the prefix of `line`.
  public init(_ line: UnsafeRawBufferPointer) {
    var cursor = Cursor(bytes: line)
    cursor.skipNoise()
    let stampStart = cursor.index
    if cursor.isoTimestamp() || cursor.timeOfDay() {
      timestamp = cursor.text(from: stampStart)
    } else if cursor.syslogTimestamp() {
      timestamp = cursor.text(from: stampStart)
      isSyslog = true
      cursor.skipSpaces()
      cursor.skipWord()  // the host
    } else {
      // No time stamp: `MyApp[123:456] …` still names its process.
      if let found = cursor.processWithPID(), found.0.utf8.count <= 40 { (process, pid, hasThread) = found }
      return
    }
    cursor.skipSpaces()
    cursor.skipCompactType()
    if cursor.skipLogShowColumns(pid: &pid) {
      process = cursor.processBeforeColon()
      return
    }
    if let found = cursor.processWithPID() {
      (process, pid, hasThread) = found
    }
  }
}

/// A position in a line's prefix.
private struct Cursor {
  let bytes: UnsafeRawBufferPointer
  var index = 0

  init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  func byte(at offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

  func text(from start: Int) -> String { String(decoding: bytes[start..<index], as: UTF8.self) }

  static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

  mutating func skipSpaces() {
    while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
  }

  mutating func skipWord() {
    while let byte = current, byte != 0x20, byte != 0x09 { index += 1 }
  }

  /// Markdown quote markers, backticks, pipes, xcpretty's `▸`, and bracketed CI time stamps.
  mutating func skipNoise() {
    while let byte = current {
      switch byte {
      case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "*"):
        index += 1
      case 0xE2 where self.byte(at: 1) == 0x96 && self.byte(at: 2) == 0xB8:  // ▸
        index += 3
      case UInt8(ascii: "[") where skipBracketedTime():
        if current == UInt8(ascii: ":") { index += 1 }
      default:
        return
      }
    }
  }

  /// `[12:34:56]`, `[07:42:03.1234560]`, `[2021-03-04 10:11:12]`: skipped; other brackets kept.
  private mutating func skipBracketedTime() -> Bool {
    var end = index + 1
    var digits = 0
    while end < bytes.count, end - index < 40 {
      let byte = bytes[end]
      if byte == UInt8(ascii: "]") { break }
      if Self.isDigit(byte) {
        digits += 1
      } else if !":.-T+Z ,/".utf8.contains(byte) {
        return false
      }
      end += 1
    }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "]"), digits >= 4 else { return false }
    index = end + 1
    return true
  }

  private mutating func digits(_ count: Int) -> Bool {
    for offset in 0..<count where !Self.isDigit(byte(at: offset)) { return false }
    index += count
    return true
  }

  private mutating func literal(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    index += 1
    return true
  }

  /// `2014-05-12 10:11:12.345`, `2023-11-23T10:11:12.345678+0100`, `…Z`.
  mutating func isoTimestamp() -> Bool {
    let start = index
    guard digits(4), literal(UInt8(ascii: "-")), digits(2), literal(UInt8(ascii: "-")), digits(2),
      literal(0x20) || literal(UInt8(ascii: "T")), timeOfDay()
    else {
      index = start
      return false
    }
    let beforeZone = index
    if literal(UInt8(ascii: "Z")) { return true }
    // `2023-11-23 10:11:12.00 +0100` (crash reports put a space before the zone).
    if current == 0x20, byte(at: 1) == UInt8(ascii: "+") || byte(at: 1) == UInt8(ascii: "-"), Self.isDigit(byte(at: 2))
    {
      index += 1
    }
    if literal(UInt8(ascii: "+")) || literal(UInt8(ascii: "-")) {
      if digits(2) {
        _ = literal(UInt8(ascii: ":"))
        if digits(2) { return true }
      }
      index = beforeZone
    }
    return true
  }

  /// `10:11:12`, with an optional fraction.
  mutating func timeOfDay() -> Bool {
    let start = index
    guard digits(2), literal(UInt8(ascii: ":")), digits(2), literal(UInt8(ascii: ":")), digits(2) else {
      index = start
      return false
    }
    if current == UInt8(ascii: ".") || current == UInt8(ascii: ","), Self.isDigit(byte(at: 1)) {
      index += 1
      while Self.isDigit(current) { index += 1 }
    }
    return true
  }

  /// `Nov 23 10:11:12` / `Nov  3 10:11:12`.
  mutating func syslogTimestamp() -> Bool {
    let start = index
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    guard index + 3 <= bytes.count,
      months.contains(where: { $0.utf8.elementsEqual(bytes[index..<index + 3]) })
    else { return false }
    index += 3
    skipSpaces()
    guard Self.isDigit(current) else {
      index = start
      return false
    }
    while Self.isDigit(current) { index += 1 }
    skipSpaces()
    guard timeOfDay() else {
      index = start
      return false
    }
    return true
  }

  /// `log show --style compact`'s type column (`Df`, `Db`, `I`, `E`, `F`, `A`) before the process.
  mutating func skipCompactType() {
    for code in ["Df ", "Db ", "I  ", "E  ", "F  ", "A  ", "Er ", "Fa "] {
      if bytes[index...].starts(with: code.utf8) {
        index += code.utf8.count
        skipSpaces()
        return
      }
    }
  }

  /// `log show`'s default columns after the time stamp: thread, type, activity, pid, ttl
  /// (`0x1a2b     Default     0x0                  1234   0    `). True when they were there.
  mutating func skipLogShowColumns(pid: inout Int?) -> Bool {
    guard current == UInt8(ascii: "0"), byte(at: 1) == UInt8(ascii: "x") else { return false }
    let types = ["Default", "Info", "Debug", "Error", "Fault", "Activity", "Notice", "Signpost", "State"]
    var numbers: [Int] = []
    while current != nil {
      let wordStart = index
      skipWord()
      let word = bytes[wordStart..<index]
      if word.isEmpty { break }
      if word.count > 2, word.first == UInt8(ascii: "0"), word[word.startIndex + 1] == UInt8(ascii: "x") {
      } else if word.allSatisfy(Self.isDigit) {
        numbers.append(Int(String(decoding: word, as: UTF8.self)) ?? 0)
      } else if types.contains(where: { $0.utf8.elementsEqual(word) }) {
      } else {
        index = wordStart
        break
      }
      skipSpaces()
    }
    pid = numbers.first
    return true
  }

  /// The text up to `: ` (log show's `MyApp: (UIKitCore) [com.apple.UIKit:Presentation] …`).
  mutating func processBeforeColon() -> String? {
    let start = index
    while let byte = current, byte != UInt8(ascii: ":"), index - start < 120 { index += 1 }
    guard current == UInt8(ascii: ":"), index > start else { return nil }
    return Self.trimmedProcess(bytes[start..<index])
  }

  /// `Name[pid]` or `Name[pid:tid]` (the name may hold spaces and a `(Library)` suffix).
  mutating func processWithPID() -> (String, Int, Bool)? {
    let start = index
    var scan = index
    while scan < bytes.count, scan - start < 160 {
      let byte = bytes[scan]
      if byte == UInt8(ascii: "["), scan + 1 < bytes.count, Self.isDigit(bytes[scan + 1]) { break }
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "'") { return nil }
      scan += 1
    }
    guard scan < bytes.count, bytes[scan] == UInt8(ascii: "["), scan > start else { return nil }
    guard let name = Self.trimmedProcess(bytes[start..<scan]) else { return nil }
    index = scan + 1
    let pidStart = index
    while Self.isDigit(current) { index += 1 }
    let pid = Int(String(decoding: bytes[pidStart..<index], as: UTF8.self)) ?? 0
    let hasThread = current == UInt8(ascii: ":")
    guard hasThread || current == UInt8(ascii: "]") else { return nil }
    return (name, pid, hasThread)
  }

  /// The name without spaces around it nor a `(UIKitCore)` library suffix.
  private static func trimmedProcess(_ slice: Slice<UnsafeRawBufferPointer>) -> String? {
    var text = String(decoding: slice, as: UTF8.self)
    if let open = text.firstIndex(of: "("), text.hasSuffix(")") { text = String(text[..<open]) }
    let name = text.trimmingSpaces
    return name.isEmpty ? nil : name
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while scalars.first == " " || scalars.first == "\t" { scalars = scalars.dropFirst() }
    while scalars.last == " " || scalars.last == "\t" { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
