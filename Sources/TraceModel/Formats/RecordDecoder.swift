/// What one line of a trace turned out to be.
public enum TraceItem {
  /// A header: a new session starts here. `symbols` will name the objects of its events.
  /// (Indirect: headers are rare and large, events frequent and small.)
  indirect case session(SessionHeader, line: Int, symbols: SessionSymbols)
  /// An event of the current session.
  case event(TraceEvent)
  /// Something wrong with a line or with the stream.
  case issue(IngestIssue)
}

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
  @exclusivity(unchecked) public private(set) var isRejected = false

  private let scanner = RecordScanner()
  @exclusivity(unchecked) private var sawHeader = false
  @exclusivity(unchecked) private var skippingSession = false
  @exclusivity(unchecked) private var lastTime: Double?
  @exclusivity(unchecked) private var reportedTimeOrder = false

  public init() {}

  /// An issue that came with the last record decoded, which is otherwise valid: a header
  /// with a bad key, a time going backwards. Nil when there is none.
  public private(set) var followUp: IngestIssue?

  /// Decodes `line`: what it is, or nil for a blank line (and for every line once the file was
  /// rejected, ``rejection`` saying why). See ``followUp``.
  public func decode(_ line: RawLine) -> TraceItem? {
    followUp = nil
    if isRejected { return nil }
    if let length = line.oversizedLength {
      return .issue(
        IngestIssue(
          .lineTooLong, line: line.number,
          "the line is \(length) bytes long, over the limit of this reader; it is skipped",
          raw: line.text()))
    }
    if Self.isBlank(line.bytes) { return nil }
    do throws(JSONSyntaxError) {
      try scanner.scan(line.bytes)
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
    if scanner.value(.traceq) != nil { return decodeHeader(line) }
    if !sawHeader {
      reject(line)
      return nil
    }
    return skippingSession ? nil : decodeEvent(line)
  }

  private func reject(_ line: RawLine) {
    isRejected = true
    rejection = IngestIssue(
      .missingHeader, line: line.number,
      "the file does not start with a traceq header such as {\"traceq\":1,\"idiom\":\"phone\"}; it is not read",
      raw: line.text())
  }

  /// The reason the file was rejected, once ``isRejected`` is true.
  public private(set) var rejection: IngestIssue?

  private func decodeHeader(_ line: RawLine) -> TraceItem {
    sawHeader = true
    symbols = SessionSymbols()
    lastTime = nil
    reportedTimeOrder = false
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
      let shown = version.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "not a number"
      let message = problems.first?.message ?? "format version \(shown) is not supported (only 1 is)"
      let number = version.flatMap { $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil } ?? 0
      followUp = IngestIssue(
        .unsupportedVersion, line: line.number, "\(message); the events of this session are skipped", raw: line.text())
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
      followUp = IngestIssue(problem.kind, line: line.number, problem.message, raw: line.text())
    }
    return .session(header, line: line.number, symbols: symbols)
  }

  private func decodeEvent(_ line: RawLine) -> TraceItem {
    do throws(RecordProblem) {
      guard let evValue = scanner.value(.ev), evValue.kind != .null else {
        throw RecordProblem.missing(.ev, "the event name", in: .event(nil))
      }
      guard evValue.kind == .string else { throw RecordProblem.wrongType(.ev, "a string", found: evValue.kind) }
      let nameBytes = scanner.bytes(evValue)
      let known = evValue.hasEscapes ? EventName(name: JSONText.decode(nameBytes)) : EventName.named(nameBytes)
      let fields = RecordFields(scanner: scanner, symbols: symbols, context: .event(known))
      let time = try fields.optionalNumber(.t)
      let payload: EventPayload =
        if let known { try fields.payload(of: known) } else {
          .unknown(name: JSONText.decode(nameBytes), vc: try fields.optionalObject(.vc))
        }
      try declareClass(of: payload, fields)
      if let time {
        if let lastTime, time < lastTime, !reportedTimeOrder {
          reportedTimeOrder = true
          followUp = IngestIssue(
            .timeGoesBackwards, line: line.number,
            "t goes backwards (\(Self.format(time)) after \(Self.format(lastTime))); times are kept as written, "
              + "this is reported once per session")
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
      if !fields.holds(.className, known), let other = try fields.optionalString(.className) {
        symbols.redeclare(vc, className: other, kind: kind)
      } else if kind != nil {
        symbols.declare(vc, className: nil, kind: kind)
      }
    } else {
      symbols.declare(vc, className: try fields.optionalString(.className), kind: kind)
    }
  }

  private static let kindNames =
    "a container kind (" + ContainerKind.allCases.map(\.rawValue).joined(separator: ", ") + ")"

  private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  private static func format(_ time: Double) -> String {
    time == time.rounded() && abs(time) < 1e15 ? String(Int(time)) : String(time)
  }
}
