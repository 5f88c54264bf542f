import Replay
import TraceModel

/// Watches one session's replay and tells a ``TimelineSink`` what changed after each event.
/// It does not drive the replay: whoever applies an event to the replay hands it on with its
/// findings, and the recorder compares the model's state before and after. What UIKit did is
/// the model's decision (the same state `traceq replay --at` prints).
final class TimelineRecorder {
  let model: SessionModel
  private let sink: TimelineSink
  /// The app's sources, for the findings' places.
  private let sources: SourceIndex?
  // @exclusivity(unchecked): one replay drives a recorder, and no member holds a property across
  // a call that could reach the recorder again (the sink and the model do not call back), so
  // Swift's dynamic checks protect nothing; they were 30 % of the comparison's instructions.
  @exclusivity(unchecked) private var clock = SessionClock()
  @exclusivity(unchecked) private var events = 0
  /// The line of the event last applied.
  @exclusivity(unchecked) private var line = 0
  // The state last told to the sink.
  @exclusivity(unchecked) private var appearance: [AppearState?] = []
  @exclusivity(unchecked) private var presentation: [(presenter: ObjectID, style: EffectiveStyle?)?] = []
  @exclusivity(unchecked) private var popovers: [ObjectID: ObjectID?] = [:]
  /// Controllers with a slice open or presented: with the ones an event names (and their
  /// parents, children and presented controllers), the only ones an event can change. Looking
  /// at these rather than at every controller keeps a long session linear.
  @exclusivity(unchecked) private var watched: Set<Int> = []
  @exclusivity(unchecked) private var candidates: [Int] = []
  /// The comparison each controller was last compared in, so that each is compared once.
  @exclusivity(unchecked) private var compared: [Int] = []
  @exclusivity(unchecked) private var comparisons = 0
  /// Popovers the event names.
  @exclusivity(unchecked) private var namedPopovers: [ObjectID] = []
  @exclusivity(unchecked) private var interface: InterfaceOrientation?
  @exclusivity(unchecked) private var device: DeviceOrientation?
  @exclusivity(unchecked) private var allowed: OrientationMask?

  /// Starts the session on `sink`, before the replay's first event.
  init(session: TimelineSession, model: SessionModel, sink: TimelineSink, sources: SourceIndex? = nil) {
    self.model = model
    self.sink = sink
    self.sources = sources
    line = session.line
    sink.beginSession(session, model: model)
    compare(naming: nil, at: 0)
  }

  /// The replay applied `event`, which made `findings`: reports what it changed and found.
  func applied(_ event: TraceEvent, findings: some Collection<Finding>) {
    let time = clock.place(line: event.line, time: event.time)
    events += 1
    line = event.line
    compare(naming: event.payload, at: time)
    if model.holdsFindings, model.heldLines.contains(event.line) { sink.holding(line: event.line, model: model) }
    deliver(findings)
  }

  /// The replay ended the session (pending decisions taken) with `findings`: reports them and
  /// closes the open slices.
  func ended(findings: some Collection<Finding>) {
    compare(naming: nil, at: clock.now)
    deliver(findings)
    sink.endSession(at: clock.now, events: events)
  }

  private func deliver(_ findings: some Collection<Finding>) {
    for finding in findings.sorted(by: { $0.line < $1.line }) {
      sink.finding(
        finding, source: sources?.place(of: finding), at: clock.time(ofLine: finding.line), model: model,
        afterLine: line)
    }
  }

  private func compare(naming payload: EventPayload?, at time: Double) {
    let model = model
    let count = model.controllerCount
    if appearance.count < count {
      appearance.append(contentsOf: repeatElement(nil, count: count - appearance.count))
      presentation.append(contentsOf: repeatElement(nil, count: count - presentation.count))
      compared.append(contentsOf: repeatElement(-1, count: count - compared.count))
    }
    comparisons += 1
    candidates.removeAll(keepingCapacity: true)
    candidates.append(contentsOf: watched)
    namedPopovers.removeAll(keepingCapacity: true)
    payload?.forEachObject { id in
      if model.popovers[id] != nil { namedPopovers.append(id) }
      guard id.offset < count else { return }
      let state = model.controller(id)
      candidates.append(id.offset)
      candidates.append(contentsOf: state.children.lazy.map(\.offset))
      if let parent = state.parent { candidates.append(parent.offset) }
      if let presented = state.presented { candidates.append(presented.offset) }
      if let presenter = state.presenter { candidates.append(presenter.offset) }
    }
    // In id order, so that changes at the same time come out the same on every run.
    candidates.sort()
    for index in candidates where compared[index] != comparisons {
      compared[index] = comparisons
      compareController(index, at: time)
    }
    comparePopovers(at: time)
    if model.interfaceOrientation != interface {
      interface = model.interfaceOrientation
      send(TimelineChange(track: .interfaceOrientation, slot: 0, label: "\(model.interfaceOrientation)"), at: time)
    }
    if model.deviceOrientation != device {
      device = model.deviceOrientation
      send(TimelineChange(track: .deviceOrientation, slot: 0, label: "\(model.deviceOrientation)"), at: time)
    }
    let mask = model.orientationDecision()?.effectiveMask
    if mask != allowed {
      allowed = mask
      send(TimelineChange(track: .allowedOrientations, slot: 0, label: mask.map { "\($0)" }), at: time)
    }
  }

  private func compareController(_ index: Int, at time: Double) {
    let vc = ObjectID(index)
    let state = model.controller(vc)
    let symbols = model.symbols
    if state.appearance != appearance[index] {
      let shown = state.appearance.flatMap { $0 == .disappeared ? nil : $0.rawValue }
      let before = appearance[index].flatMap { $0 == .disappeared ? nil : $0.rawValue }
      appearance[index] = state.appearance
      if shown != before { send(TimelineChange(track: .controller(vc), slot: 0, label: shown), at: time) }
    }
    let presented = state.presenter.map { (presenter: $0, style: state.style) }
    if presented?.presenter != presentation[index]?.presenter || presented?.style != presentation[index]?.style {
      presentation[index] = presented
      send(
        TimelineChange(
          track: .presentations, slot: index,
          label: presented.map { "\(symbols.describe(vc)) (\($0.style?.rawValue ?? "?"))" },
          detail: presented.map { [("presented by", symbols.describe($0.presenter))] } ?? []),
        at: time)
    }
    if (appearance[index] ?? .disappeared) != .disappeared || presented != nil {
      watched.insert(index)
    } else {
      watched.remove(index)
    }
  }

  /// Popovers that stopped being visible end, then those that became visible start, in id
  /// order. Only the visible ones and those the event names can change.
  private func comparePopovers(at time: Double) {
    let model = model
    guard !popovers.isEmpty || !namedPopovers.isEmpty else { return }
    for id in popovers.keys.sorted() where model.popovers[id]?.isVisible != true {
      popovers[id] = nil
      send(TimelineChange(track: .popovers, slot: id.offset, label: nil), at: time)
    }
    for id in Set(namedPopovers + popovers.keys).sorted() {
      guard let popover = model.popovers[id], popover.isVisible, popovers[id] != .some(popover.content) else {
        continue
      }
      popovers[id] = .some(popover.content)
      let content = popover.content.map { " showing \(model.symbols.describe($0))" } ?? ""
      send(
        TimelineChange(
          track: .popovers, slot: id.offset, label: "popover \(model.symbols.address(of: id))\(content)"), at: time)
    }
  }

  private func send(_ change: TimelineChange, at time: Double) {
    var change = change
    change.line = line
    sink.change(change, at: time, model: model)
  }
}
