@_spi(Bytes) import TraceModel

/// Decodes the lines of one trace, in order, per format version 1: headers start sessions,
/// every other record is an event of the current session. Keeps what the format makes
/// stateful: the session's objects, whether a header was seen, the last time stamp.
public final class RecordDecoder {
  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// The objects of the current session; replaced at each header.
  @exclusivity(unchecked) public private(set) var symbols = SessionSymbols()
  /// True once the file was rejected because it does not start with a header; later lines
  /// decode to nothing.
  public var isRejected: Bool { rejected }
  // Read through getters, not stored `public private(set)`: another module's read of a stored
  // property gets a dynamic exclusivity check (`@exclusivity(unchecked)` is not seen there),
  // and the importers read these once per line.
  @exclusivity(unchecked) private var rejected = false

  private let scanner = RecordScanner()
  @exclusivity(unchecked) private var sawHeader = false
  @exclusivity(unchecked) private var skippingSession = false
  @exclusivity(unchecked) private var lastTime: Double?
  @exclusivity(unchecked) private var reportedTimeOrder = false
  @exclusivity(unchecked) private var reportedRepeatedKey = false
  /// The class names of recent records, so that a class many objects share is one `String`.
  @exclusivity(unchecked) private var classNames = RecentStrings()

  /// The longest line the reader hands out whole, for the message about a longer one.
  public let maxLineLength: Int

  /// A decoder for lines of at most `maxLineLength` bytes.
  public init(maxLineLength: Int = 1 << 20) {
    self.maxLineLength = maxLineLength
  }

  /// Issues that came with the last record decoded, which is otherwise valid: a header with a
  /// bad key, a time going backwards, a key written twice. Empty when there are none.
  public var followUps: [IngestIssue] { pendingFollowUps }
  @exclusivity(unchecked) private var pendingFollowUps: [IngestIssue] = []

  /// Decodes `line`: what it is, or nil for a blank line (and for every line once the file was
  /// rejected, ``rejection`` saying why). See `followUp`.
  @inline(__always)
  public func decode(_ line: RawLine) -> TraceItem? {
    if !pendingFollowUps.isEmpty { pendingFollowUps.removeAll(keepingCapacity: true) }
    if rejected { return nil }
    if let length = line.oversizedLength {
      return .issue(
        IngestIssue(
          .lineTooLong, line: line.number,
          "the line is \(length) bytes long, over the limit of \(Self.describeSize(maxLineLength)); it is skipped",
          raw: line.text()))
    }
    if Self.isBlank(line.bytes) { return nil }
    do throws(JSONSyntaxError) {
      if let scanned = line.prescanned { scanner.restore(line.bytes, scanned) } else { try scanner.scan(line.bytes) }
    } catch {
      if !sawHeader {
        reject(line)
        return nil
      }
      if line.isUnterminated {
        return .issue(
          IngestIssue(
            .incompleteLastLine, line: line.number,
            "the last line has no newline and is not a complete record (the app stopped while writing it); it is ignored",
            raw: line.text()))
      }
      return .issue(
        IngestIssue(
          .invalidJSON, line: line.number, "invalid JSON: \(error.message) (column \(error.offset + 1))",
          raw: line.text()))
    }
    if scanner.value(.traceq) != nil {
      let header = decodeHeader(line)
      noteRepeatedKey(line)
      return header
    }
    if !sawHeader {
      reject(line)
      return nil
    }
    if skippingSession { return nil }
    let event = decodeEvent(line)
    noteRepeatedKey(line)
    return event
  }

  /// Warns, once per session, about a known key written twice in a record: its first value is
  /// the one read, as SQLite's `json_extract` reads it from the stored record.
  @inline(__always)
  private func noteRepeatedKey(_ line: RawLine) {
    guard let key = scanner.repeatedKey, !reportedRepeatedKey else { return }
    reportedRepeatedKey = true
    pendingFollowUps.append(
      IngestIssue(
        .duplicateKey, line: line.number,
        "\"\(key.name)\" appears more than once in the record; its first value is used (as json_extract reads it), "
          + "this is reported once per session",
        raw: line.text()))
  }

  private func reject(_ line: RawLine) {
    rejected = true
    rejection = Self.missingHeaderIssue(line: line.number, raw: line.text())
  }

  /// The rejection of a file that is not a trace (`note` says what else it is not).
  package static func missingHeaderIssue(line: Int, raw: String, note: String = "") -> IngestIssue {
    IngestIssue(
      .missingHeader, line: line,
      "the file does not start with a traceq header such as {\"traceq\":1,\"idiom\":\"phone\"}\(note); it is not read",
      raw: raw)
  }

  /// The reason the file was rejected, once ``isRejected`` is true.
  @exclusivity(unchecked) public private(set) var rejection: IngestIssue?

  private func decodeHeader(_ line: RawLine) -> TraceItem {
    sawHeader = true
    symbols = SessionSymbols()
    lastTime = nil
    reportedTimeOrder = false
    reportedRepeatedKey = false
    let fields = RecordFields(scanner: scanner, symbols: symbols, context: .header)
    var problems: [RecordProblem] = []
    func field<T>(_ read: () throws(RecordProblem) -> T?) -> T? {
      do throws(RecordProblem) { return try read() } catch {
        problems.append(error)
        return nil
      }
    }
    let version = field { () throws(RecordProblem) in try fields.optionalNumber(.traceq) }
    guard version == 1 else {
      skippingSession = true
      let shown = version == nil ? "not a number" : scanner.value(.traceq).map { scanner.text($0, limit: 40) } ?? ""
      let message = problems.first?.message ?? "format version \(shown) is not supported (only 1 is)"
      let number = version.flatMap { $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil } ?? 0
      pendingFollowUps.append(
        IngestIssue(
          .unsupportedVersion, line: line.number, "\(message); the events of this session are skipped",
          raw: line.text()))
      return .session(SessionHeader(version: number, idiom: nil), line: line.number, symbols: symbols)
    }
    skippingSession = false
    let idiomExpected = "an idiom (phone or pad)"
    let idiom = field { () throws(RecordProblem) in try fields.name(.idiom, in: Idiom.byName, expected: idiomExpected) }
    if idiom == nil, problems.isEmpty {
      problems.append(.missing(.idiom, "phone or pad", in: .header))
    }
    let header = SessionHeader(
      idiom: idiom,
      osText: field { () throws(RecordProblem) in try fields.optionalString(.os) },
      app: field { () throws(RecordProblem) in try fields.optionalString(.app) },
      device: field { () throws(RecordProblem) in try fields.optionalString(.device) },
      build: field { () throws(RecordProblem) in try fields.optionalString(.build) },
      declaredSupported: field { () throws(RecordProblem) in try fields.optionalMask(.supported) },
      orientation: field { () throws(RecordProblem) in
        try fields.name(.orientation, in: InterfaceOrientation.byName, expected: RecordFields.interfaceNames)
      } ?? .portrait,
      requiresFullScreen: field { () throws(RecordProblem) in try fields.optionalBool(.requiresFullScreen) } ?? false)
    if let problem = problems.first {
      pendingFollowUps.append(IngestIssue(problem.kind, line: line.number, problem.message, raw: line.text()))
    }
    return .session(header, line: line.number, symbols: symbols)
  }

  @inline(__always)
  private func decodeEvent(_ line: RawLine) -> TraceItem {
    do throws(RecordProblem) {
      guard let evValue = scanner.value(.ev), evValue.kind != .null else {
        throw RecordProblem.missing(.ev, "the event name", in: .event(nil))
      }
      guard evValue.kind == .string else { throw RecordProblem.wrongType(.ev, "a string", found: evValue.kind) }
      let nameBytes = scanner.bytes(evValue)
      let known = evValue.hasEscapes ? EventName(name: JSONText.decode(nameBytes)) : scanner.eventName
      let fields = RecordFields(scanner: scanner, symbols: symbols, context: .event(known))
      let time = try fields.optionalNumber(.t)
      let payload: EventPayload =
        if let known { try fields.payload(of: known) } else {
          .unknown(name: JSONText.decode(nameBytes), vc: try fields.optionalObject(.vc))
        }
      try declareClass(of: payload, fields)
      if case .dropped(let count) = payload, count > 0 {
        pendingFollowUps.append(
          IngestIssue(
            .eventsDropped, line: line.number,
            "the recorder dropped \(count) event\(count == 1 ? "" : "s") here (its buffer was full: the disk fell "
              + "behind); what the session did next is incomplete, so findings after this line may be wrong"))
      }
      if let time {
        if let lastTime, time < lastTime, !reportedTimeOrder {
          reportedTimeOrder = true
          pendingFollowUps.append(
            IngestIssue(
              .timeGoesBackwards, line: line.number,
              "t goes backwards (\(Self.format(time)) after \(Self.format(lastTime))); times are kept as written, "
                + "this is reported once per session"))
        }
        lastTime = time
      }
      return .event(TraceEvent(line: line.number, time: time, payload))
    } catch {
      return .issue(IngestIssue(error.kind, line: line.number, error.message, raw: line.text()))
    }
  }

  /// Records `class` and `kind` for the record's `vc`; another class than the one it had names
  /// a new object at a reused address.
  private func declareClass(of payload: EventPayload, _ fields: RecordFields) throws(RecordProblem) {
    guard fields.has(.className) || fields.has(.kind) else { return }
    let kind = try fields.name(.kind, in: ContainerKind.byName, expected: Self.kindNames)
    guard let vc = fields.describedController(of: payload) else {
      try fields.checkString(.className)
      return
    }
    if let known = symbols.className(of: vc) {
      try fields.checkString(.className)
      if !fields.holds(.className, known), let other = try fields.optionalString(.className, reusing: &classNames) {
        symbols.redeclare(vc, className: other, kind: kind)
      } else if kind != nil {
        symbols.declare(vc, className: nil, kind: kind)
      }
    } else {
      symbols.declare(vc, className: try fields.optionalString(.className, reusing: &classNames), kind: kind)
    }
  }

  private static let kindNames =
    "a container kind (" + ContainerKind.allCases.map(\.rawValue).joined(separator: ", ") + ")"

  private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// `1 MiB (1048576 bytes)`, `64 bytes`.
  static func describeSize(_ bytes: Int) -> String {
    bytes >= 1 << 10 && bytes % (1 << 10) == 0
      ? (bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB") + " (\(bytes) bytes)"
      : "\(bytes) bytes"
  }

  private static func format(_ time: Double) -> String {
    time == time.rounded() && abs(time) < 1e15 ? String(Int(time)) : String(time)
  }
}
