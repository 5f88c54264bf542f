import TraceModel

/// The app's trace recorder in the simulation: it writes each app call and UIKit callback as
/// a hooked recorder would (the call before UIKit acts on it, a callback when UIKit sends it,
/// an answer after the controller gave it), counts lines across the file, and keeps the
/// simulator's verdicts as ground-truth rows.
final class SimRecorder {
  /// The number of the last line written in the file (headers count).
  private(set) var line: Int
  /// Event lines written in this session.
  private(set) var events = 0
  /// Text not yet taken by the output.
  private(set) var text: [UInt8] = []
  /// The verdicts of this session: where traceq must report which rule.
  private(set) var truth: [(line: Int, rule: RuleID)] = []
  /// Whether completion blocks are recorded (TraceRecorderUIKit wraps every one; a
  /// hand-written recorder logs only those the app passes).
  let recordsCompletions: Bool

  /// The app terminated: nothing more is written in this session.
  private(set) var isClosed = false

  private let clock: SimRunLoop

  init(firstLine: Int, clock: SimRunLoop, recordsCompletions: Bool) {
    line = firstLine - 1
    self.clock = clock
    self.recordsCompletions = recordsCompletions
  }

  /// Writes the session's header.
  func header(_ fill: (inout RecordText) -> Void) {
    var record = RecordText.header()
    fill(&record)
    finish(&record)
  }

  /// Writes an event naming `vc` (with its class the first time) and returns its line.
  @discardableResult
  func event(_ name: EventName, vc: SimViewController? = nil, _ fill: (inout RecordText) -> Void = { _ in }) -> Int {
    guard !isClosed else { return line }
    var record = RecordText.event(name.name, milliseconds: clock.now)
    fill(&record)
    if let vc { introduce(vc, in: &record) }
    events += 1
    finish(&record)
    return line
  }

  /// Records that `container`'s children were set to `children` (a navigation stack, tabs).
  @discardableResult
  func setViewControllers(of container: SimViewController, _ children: [SimViewController]) -> Int {
    event(.setViewControllers) {
      $0.name("container", container.address)
      $0.names("vcs", children.map(\.address))
    }
  }

  /// Records that `vc` answered `supportedInterfaceOrientations` (a container that consults
  /// its content returns the content's answer).
  func answeredMask(_ vc: SimViewController) {
    let mask = vc.effectiveMask
    event(.supportedInterfaceOrientations, vc: vc) { $0.mask("mask", mask) }
    if !isClosed { vc.recordedMask = mask }
  }

  /// Records the verdict that traceq must report `rule` at `line`.
  func expect(_ rule: RuleID, at line: Int) {
    if !isClosed { truth.append((line, rule)) }
  }

  /// The app terminated.
  func close() { isClosed = true }

  /// Hands over the text written so far.
  func take() -> [UInt8] {
    defer { text.removeAll(keepingCapacity: true) }
    return text
  }

  /// `"vc":"0x…"` with `class` (and `kind`) the first time the trace names the controller.
  private func introduce(_ vc: SimViewController, in record: inout RecordText) {
    record.name("vc", vc.address)
    guard !vc.isIntroduced else { return }
    vc.isIntroduced = true
    record.name("class", vc.className)
    if let kind = vc.declaredKind { record.name("kind", kind) }
  }

  private func finish(_ record: inout RecordText) {
    record.close()
    text.append(contentsOf: record.bytes)
    line += 1
  }
}

extension RecordText {
  /// A mask as a name when one fits (`all`, `landscape`, `portrait`…), else as UIKit's
  /// integer: both forms are the format's.
  mutating func mask(_ key: String, _ mask: OrientationMask) {
    if let named = OrientationMask.namedMasks.first(where: { $0.mask == mask }) {
      name(key, named.name)
    } else if mask.orientations.count == 1, let only = mask.orientations.first {
      name(key, only.name)
    } else {
      number(key, mask.rawValue)
    }
  }
}
