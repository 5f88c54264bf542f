@_spi(Bytes) import TraceModel

/// Why a scanned record is not a valid record of the format (its JSON is fine).
struct RecordProblem: Error {
  var kind: IngestIssue.Kind
  var message: String

  static func missing(_ key: RecordKey, _ what: String, in context: RecordContext) -> RecordProblem {
    RecordProblem(kind: .missingKey, message: "\(context.name) needs \"\(key.name)\" (\(what))")
  }

  static func wrongType(_ key: RecordKey, _ what: String, found: JSONKind) -> RecordProblem {
    RecordProblem(kind: .wrongType, message: "\"\(key.name)\" must be \(what), not \(found.article)")
  }

  static func invalid(_ key: RecordKey, _ text: String, _ expected: String) -> RecordProblem {
    RecordProblem(kind: .invalidValue, message: "\"\(key.name)\" is \(text), which is not \(expected)")
  }
}

/// What kind of record is being decoded, for messages (kept small: it goes with every record).
enum RecordContext {
  case header
  case event(EventName?)

  var name: String {
    switch self {
    case .header: "a header"
    case .event(let name?): name.name
    case .event(nil): "an event"
    }
  }
}

/// Typed access to the known keys of the record the scanner just read. Each getter checks
/// the JSON type and throws a ``RecordProblem`` naming the key.
///
/// It lives only while its decoder decodes one record, and the decoder holds the scanner and
/// the symbols meanwhile: it keeps them unretained, since retaining them cost four
/// reference-count operations per event.
struct RecordFields {
  /// The scanned record, as plain values.
  let record: ScannedRecord
  private let scanner: Unmanaged<RecordScanner>
  private let symbols: Unmanaged<SessionSymbols>
  /// What the record is, for "… needs …" messages (`viewWillAppear`, `the header`).
  let context: RecordContext

  init(scanner: RecordScanner, symbols: SessionSymbols, context: RecordContext) {
    record = scanner.record
    self.scanner = .passUnretained(scanner)
    self.symbols = .passUnretained(symbols)
    self.context = context
  }

  /// Calls `body` with the session's objects.
  func withSymbols<Result>(_ body: (SessionSymbols) -> Result) -> Result {
    symbols._withUnsafeGuaranteedRef(body)
  }

  /// Calls `body` with each element of an array value, in order.
  private func forEachElement(of array: ScannedValue, _ body: (ScannedValue) -> Void) {
    scanner._withUnsafeGuaranteedRef { $0.forEachElement(of: array, body) }
  }

  func has(_ key: RecordKey) -> Bool { record.value(key) != nil }

  // MARK: Scalars

  func string(_ key: RecordKey) throws(RecordProblem) -> String {
    guard let text = try optionalString(key) else { throw .missing(key, "a string", in: context) }
    return text
  }

  /// The string at `key`; nil when absent or null.
  func optionalString(_ key: RecordKey) throws(RecordProblem) -> String? {
    try stringValue(key).map { JSONText.decode(record.bytes($0)) }
  }

  /// The string at `key`, made through `cache` so that a value repeated across records is one
  /// `String`; nil when absent or null.
  func optionalString(_ key: RecordKey, reusing cache: inout RecentStrings) throws(RecordProblem) -> String? {
    guard let value = try stringValue(key) else { return nil }
    return value.hasEscapes ? JSONText.decode(record.bytes(value)) : cache.string(record.bytes(value))
  }

  /// The string value at `key`; nil when absent or null, a problem when it is not a string.
  private func stringValue(_ key: RecordKey) throws(RecordProblem) -> ScannedValue? {
    guard let value = present(key) else { return nil }
    guard value.kind == .string else { throw .wrongType(key, "a string", found: value.kind) }
    return value
  }

  /// True when `key` is absent or holds exactly `text`, compared without building a `String`.
  func holds(_ key: RecordKey, _ text: String) -> Bool {
    guard let value = present(key), value.kind == .string else { return true }
    if value.hasEscapes { return JSONText.decode(record.bytes(value)) == text }
    var text = text
    return text.withUTF8 { record.bytes(value).elementsEqual($0) }
  }

  /// Checks that `key`, when present, holds a string, without building it.
  func checkString(_ key: RecordKey) throws(RecordProblem) {
    _ = try stringValue(key)
  }

  func bool(_ key: RecordKey) throws(RecordProblem) -> Bool {
    guard let flag = try optionalBool(key) else { throw .missing(key, "true or false", in: context) }
    return flag
  }

  func optionalBool(_ key: RecordKey) throws(RecordProblem) -> Bool? {
    guard let value = present(key) else { return nil }
    switch value.kind {
    case .true: return true
    case .false: return false
    default: throw .wrongType(key, "true or false", found: value.kind)
    }
  }

  func number(_ key: RecordKey) throws(RecordProblem) -> Double {
    guard let number = try optionalNumber(key) else { throw .missing(key, "a number", in: context) }
    return number
  }

  func optionalNumber(_ key: RecordKey) throws(RecordProblem) -> Double? {
    guard let value = present(key) else { return nil }
    guard value.kind == .number else { throw .wrongType(key, "a number", found: value.kind) }
    return value.number.isNaN ? JSONText.number(record.bytes(value)) : value.number
  }

  /// A name from a closed set (`style`, `idiom`, an orientation), looked up without allocating.
  func name<Value>(
    _ key: RecordKey, in table: ByteStringTable<Value>, expected: @autoclosure () -> String
  ) throws(RecordProblem) -> Value? {
    guard let value = present(key) else { return nil }
    guard value.kind == .string else { throw .wrongType(key, "a string", found: value.kind) }
    let bytes = record.bytes(value)
    if let found = value.hasEscapes ? table.value(for: JSONText.decode(bytes)) : table.value(for: bytes) {
      return found
    }
    throw .invalid(key, "\"\(JSONText.decode(bytes))\"", expected())
  }

  // MARK: Objects

  /// The controller (or popover) named at `key`.
  func object(_ key: RecordKey, as role: SessionSymbols.Roles = .viewController) throws(RecordProblem) -> ObjectID {
    guard let id = try optionalObject(key, as: role) else {
      throw .missing(key, role == .popover ? "a popover id" : "a controller id", in: context)
    }
    return id
  }

  /// The object named at `key`; nil when absent or null.
  @inline(__always)
  func optionalObject(_ key: RecordKey, as role: SessionSymbols.Roles = .viewController) throws(RecordProblem)
    -> ObjectID?
  {
    guard let value = present(key) else { return nil }
    guard value.kind == .string else { throw .wrongType(key, "an id string", found: value.kind) }
    return intern(value, as: role)
  }

  /// The controllers of an array of ids (`vcs`).
  func objects(_ key: RecordKey) throws(RecordProblem) -> [ObjectID] {
    guard let value = present(key) else { throw .missing(key, "an array of controller ids", in: context) }
    guard value.kind == .array else { throw .wrongType(key, "an array of controller ids", found: value.kind) }
    var ids: [ObjectID] = []
    var badElement: JSONKind?
    forEachElement(of: value) { element in
      if element.kind == .string { ids.append(intern(element, as: .viewController)) } else { badElement = element.kind }
    }
    if let badElement { throw .wrongType(key, "an array of controller id strings", found: badElement) }
    return ids
  }

  @inline(__always)
  private func intern(_ value: ScannedValue, as role: SessionSymbols.Roles) -> ObjectID {
    let bytes = record.bytes(value)
    return withSymbols { value.hasEscapes ? $0.intern(JSONText.decode(bytes), as: role) : $0.intern(bytes, as: role) }
  }

  // MARK: Orientations

  func mask(_ key: RecordKey) throws(RecordProblem) -> OrientationMask {
    guard let mask = try optionalMask(key) else { throw .missing(key, "an orientation mask", in: context) }
    return mask
  }

  /// A mask in any of its three forms: UIKit's integer, an array of orientation names, or a
  /// name (`all`, `allButUpsideDown`, `landscape`, or one orientation).
  func optionalMask(_ key: RecordKey) throws(RecordProblem) -> OrientationMask? {
    guard let value = present(key) else { return nil }
    let expected = "an orientation mask (all, allButUpsideDown, landscape or an orientation name)"
    switch value.kind {
    case .number:
      let number = value.number.isNaN ? JSONText.number(record.bytes(value)) : value.number
      guard number >= 0, number <= Double(Int32.max), number == number.rounded() else {
        throw .invalid(key, String(decoding: record.bytes(value), as: UTF8.self), "a mask integer")
      }
      return OrientationMask(rawValue: Int(number))
    case .string:
      return try name(key, in: OrientationMask.byName, expected: expected)
    case .array:
      var mask: OrientationMask = []
      var problem: RecordProblem?
      forEachElement(of: value) { element in
        guard problem == nil else { return }
        let bytes = record.bytes(element)
        if element.kind != .string {
          problem = .wrongType(key, "an array of orientation names", found: element.kind)
        } else if let orientation = InterfaceOrientation.byName.value(for: bytes) {
          mask.insert(orientation.mask)
        } else {
          problem = .invalid(key, "[… \"\(JSONText.decode(bytes))\" …]", "an interface orientation")
        }
      }
      if let problem { throw problem }
      return mask
    default:
      throw .wrongType(key, "a mask (integer, name or array of names)", found: value.kind)
    }
  }

  func interfaceOrientation(_ key: RecordKey) throws(RecordProblem) -> InterfaceOrientation {
    guard let orientation = try name(key, in: InterfaceOrientation.byName, expected: Self.interfaceNames) else {
      throw .missing(key, "an interface orientation", in: context)
    }
    return orientation
  }

  func deviceOrientation(_ key: RecordKey) throws(RecordProblem) -> DeviceOrientation {
    guard let orientation = try name(key, in: DeviceOrientation.byName, expected: Self.deviceNames) else {
      throw .missing(key, "a device orientation", in: context)
    }
    return orientation
  }

  static let deviceNames =
    "a device orientation (" + DeviceOrientation.allCases.map(\.name).joined(separator: ", ") + ")"

  static let interfaceNames =
    "an interface orientation (" + InterfaceOrientation.allCases.map(\.name).joined(separator: ", ") + ")"

  /// The value at `key`, treating JSON null as absent.
  @inline(__always)
  private func present(_ key: RecordKey) -> ScannedValue? {
    guard let value = record.value(key), value.kind != .null else { return nil }
    return value
  }
}

extension InterfaceOrientation {
  static let byName = ByteStringTable(allCases.map { ($0.name, $0) })
}

extension DeviceOrientation {
  static let byName = ByteStringTable(allCases.map { ($0.name, $0) })
}

extension OrientationMask {
  static let byName = ByteStringTable(
    namedMasks.map { ($0.name, $0.mask) } + InterfaceOrientation.allCases.map { ($0.name, $0.mask) })
}

extension Idiom {
  static let byName = ByteStringTable(allCases.map { ($0.rawValue, $0) })
}
