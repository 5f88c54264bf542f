import TraceModel

/// The lines of one scripted step (a push and its callbacks, a rotation, an injected
/// anomaly…), built as JSON text before they are written: the script knows how many events a
/// step took, and which of its lines must be reported by which rule.
struct EventBlock {
  /// The text of the lines, each ending with a newline.
  private(set) var bytes: [UInt8] = []
  /// Lines in the block, header lines included.
  private(set) var lines = 0
  /// Event lines in the block (every line but headers).
  private(set) var events = 0
  /// The lines (0-based within the block) where `traceq check` must report a rule.
  private(set) var expected: [(line: Int, rule: AnomalyKind)] = []

  init() { bytes.reserveCapacity(1 << 14) }

  /// Empties the block for the next step.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    lines = 0
    events = 0
    expected.removeAll(keepingCapacity: true)
  }

  /// Starts an event line: `{"t":12.345,"ev":"push"`; `milliseconds` since the session began.
  mutating func begin(_ event: EventName, at milliseconds: Int) {
    append("{\"t\":")
    appendDecimal(milliseconds, places: 3)
    append(",\"ev\":\"")
    append(event.name)
    bytes.append(0x22)
    events += 1
  }

  /// Starts a header line (a session's first line): `{"traceq":1`.
  mutating func beginHeader() { append("{\"traceq\":1") }

  /// Ends the current line.
  mutating func end() {
    append("}\n")
    lines += 1
  }

  /// Marks the current line as one where `kind`'s rule must report a finding.
  mutating func expect(_ kind: AnomalyKind) { expected.append((lines, kind)) }

  /// `,"key":"value"` for a value without quotes or backslashes.
  mutating func string(_ key: String, _ value: String) {
    self.key(key)
    bytes.append(0x22)
    append(value)
    bytes.append(0x22)
  }

  /// `,"key":"value"` with `"` and `\` escaped.
  mutating func text(_ key: String, _ value: String) {
    self.key(key)
    bytes.append(0x22)
    for byte in value.utf8 {
      if byte == 0x22 || byte == 0x5C { bytes.append(0x5C) }
      bytes.append(byte)
    }
    bytes.append(0x22)
  }

  /// `,"key":"0x…"`; for the record's `vc`, also the controller's `class` (and `kind`) the
  /// first time the trace names it that way.
  mutating func controller(_ key: String, _ controller: ScriptController) {
    string(key, controller.address)
    guard key == "vc", !controller.introduced else { return }
    controller.introduced = true
    string("class", controller.className)
    if let kind = controller.declaredKind { string("kind", kind.rawValue) }
  }

  /// `,"key":["0x…","0x…"]`.
  mutating func controllers(_ key: String, _ controllers: [ScriptController]) {
    self.key(key)
    bytes.append(0x5B)
    for (index, controller) in controllers.enumerated() {
      if index > 0 { bytes.append(0x2C) }
      bytes.append(0x22)
      append(controller.address)
      bytes.append(0x22)
    }
    bytes.append(0x5D)
  }

  /// `,"key":true`.
  mutating func bool(_ key: String, _ value: Bool) {
    self.key(key)
    append(value ? "true" : "false")
  }

  /// `,"key":null`.
  mutating func null(_ key: String) {
    self.key(key)
    append("null")
  }

  /// `,"key":42`.
  mutating func integer(_ key: String, _ value: Int) {
    self.key(key)
    appendDecimal(value, places: 0)
  }

  /// `,"key":0.4` for `thousandths` / 1000, written with `places` decimals.
  mutating func decimal(_ key: String, thousandths: Int, places: Int = 3) {
    self.key(key)
    var value = thousandths
    for _ in places..<3 { value /= 10 }
    appendDecimal(value, places: places)
  }

  /// A mask in one of the three forms the format allows: UIKit's integer, a name, or an
  /// array of orientation names (traces mix them, which general-purpose loaders trip on).
  mutating func mask(_ key: String, _ mask: OrientationMask, form: MaskForm) {
    switch form {
    case .integer:
      integer(key, mask.rawValue)
    case .name where !mask.name.contains("|") && mask != []:
      string(key, mask.name)
    case .name, .array:
      self.key(key)
      bytes.append(0x5B)
      for (index, orientation) in mask.orientations.enumerated() {
        if index > 0 { bytes.append(0x2C) }
        bytes.append(0x22)
        append(orientation.name)
        bytes.append(0x22)
      }
      bytes.append(0x5D)
    }
  }

  /// How a mask is written.
  enum MaskForm: CaseIterable { case integer, name, array }

  private mutating func key(_ key: String) {
    append(",\"")
    append(key)
    append("\":")
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// `value` / 10^places in decimal, `places` digits after the point (none when 0).
  private mutating func appendDecimal(_ value: Int, places: Int) {
    var magnitude = value
    if magnitude < 0 {
      bytes.append(0x2D)
      magnitude = -magnitude
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
      var count = 0
      repeat {
        digits[count] = UInt8(48 + magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0 || count <= places
      while count > 0 {
        count -= 1
        bytes.append(digits[count])
        if count == places && places > 0 { bytes.append(0x2E) }
      }
    }
  }
}
