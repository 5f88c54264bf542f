extension Finding {
  /// Appends the finding to `bytes` as one record that ``decoded(from:at:)`` reads back whole:
  /// its length (4 bytes), then each field (integers as LEB128, strings as a length and UTF-8).
  /// For findings that wait on disk (a temporary file) rather than in memory.
  public func encode(into bytes: inout [UInt8]) {
    var record = FindingBytes()
    swap(&record.bytes, &bytes)
    defer { swap(&record.bytes, &bytes) }
    let start = record.bytes.count
    record.bytes += [0, 0, 0, 0]
    record.integer(line)
    record.integer(session)
    record.integer(Severity.allCases.firstIndex(of: severity)!)
    record.integer(Source.allCases.firstIndex(of: source)!)
    record.string(ruleID)
    record.string(message)
    record.string(hint)
    record.integer(subjects.count)
    for subject in subjects { record.subject(subject) }
    record.integer(appController == nil ? 0 : 1)
    if let appController { record.subject(appController) }
    record.integer(call.map { AppCall.allCases.firstIndex(of: $0)! + 1 } ?? 0)
    record.integer(decidedLine.map { $0 + 1 } ?? 0)
    record.optional(frame)
    if let logged {
      record.integer(1)
      record.optional(logged.timestamp)
      record.optional(logged.process)
      record.integer(logged.pid.map { $0 + 1 } ?? 0)
      record.integer((logged.hasThread ? 1 : 0) | (logged.isSyslog ? 2 : 0))
    } else {
      record.integer(0)
    }
    let length = UInt32(record.bytes.count - start - 4)
    for index in 0..<4 { record.bytes[start + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
  }

  /// The finding whose record starts at `offset` in `bytes`, and where the next record starts;
  /// nil when `bytes` does not hold the whole record (read more and try again).
  public static func decoded(from bytes: UnsafeRawBufferPointer, at offset: Int) -> (Finding, next: Int)? {
    guard offset + 4 <= bytes.count else { return nil }
    let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    let end = offset + 4 + length
    guard end <= bytes.count else { return nil }
    var reader = FindingReader(bytes: bytes, position: offset + 4)
    guard let finding = reader.finding(), reader.position == end else {
      preconditionFailure("a finding record written by encode(into:) reads back whole")
    }
    return (finding, end)
  }
}

/// The fields of a record, as ``Finding/encode(into:)`` writes them.
private struct FindingBytes {
  var bytes: [UInt8] = []

  mutating func integer(_ value: Int) {
    var rest = UInt64(bitPattern: Int64(value))
    while rest >= 0x80 {
      bytes.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  mutating func string(_ text: String) {
    integer(text.utf8.count)
    bytes += text.utf8
  }

  mutating func optional(_ text: String?) {
    integer(text == nil ? 0 : 1)
    if let text { string(text) }
  }

  mutating func subject(_ subject: Finding.Subject) {
    string(subject.address)
    optional(subject.className)
    integer(subject.isPopover ? 1 : 0)
  }
}

/// Reads the fields of a record.
private struct FindingReader {
  let bytes: UnsafeRawBufferPointer
  var position: Int

  mutating func integer() -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return Int(Int64(bitPattern: value)) }
      shift += 7
    }
    return nil
  }

  mutating func string() -> String {
    let count = integer()!
    defer { position += count }
    return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
  }

  mutating func optional() -> String? {
    integer()! == 0 ? nil : string()
  }

  mutating func subject() -> Finding.Subject {
    Finding.Subject(address: string(), className: optional(), isPopover: integer()! == 1)
  }

  mutating func finding() -> Finding? {
    guard let line = integer(), let session = integer(), let severity = integer(), let source = integer() else {
      return nil
    }
    let ruleID = string()
    let message = string()
    let hint = string()
    let subjects = (0..<integer()!).map { _ in subject() }
    let appController = integer()! == 1 ? subject() : nil
    let call = integer()!
    let decidedLine = integer()!
    let frame = optional()
    var logged: ConsoleOrigin?
    if integer()! == 1 {
      var origin = ConsoleOrigin(timestamp: optional(), process: optional())
      let pid = integer()!
      origin.pid = pid == 0 ? nil : pid - 1
      let flags = integer()!
      origin.hasThread = flags & 1 != 0
      origin.isSyslog = flags & 2 != 0
      logged = origin
    }
    return Finding(
      ruleID: ruleID, severity: Severity.allCases[severity], line: line, session: session, message: message,
      hint: hint, subjects: subjects, source: Finding.Source.allCases[source], logged: logged,
      appController: appController, call: call == 0 ? nil : AppCall.allCases[call - 1],
      decidedLine: decidedLine == 0 ? nil : decidedLine - 1, frame: frame)
  }
}
