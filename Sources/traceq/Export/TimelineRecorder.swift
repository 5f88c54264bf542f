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
  /// What the sink was last told of each controller, indexed by ``ObjectID/offset``.
  @exclusivity(unchecked) private var told: [ToldController] = []
  @exclusivity(unchecked) private var popovers: [ObjectID: ObjectID?] = [:]
  /// The model's ``SessionModel/popoverChanges`` when its popovers were last compared.
  @exclusivity(unchecked) private var popoverChanges = 0
  /// The controllers the model changed, in id order.
  @exclusivity(unchecked) private var candidates: [Int] = []
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
    // Only the controllers the model lists can have changed: looking at these rather than at
    // every controller, or every one on screen, keeps a long session linear and cheap.
    model.listsChangedControllers = true
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

  /// The session's end (its pending decisions taken) made `findings`, a batch of them:
  /// reports what the end changed, then them.
  func endFound(_ findings: some Collection<Finding>) {
    compare(naming: nil, at: clock.now)
    deliver(findings)
  }

  /// The replay ended the session: reports what the end changed, if no finding did, and closes
  /// the open slices.
  func ended() {
    compare(naming: nil, at: clock.now)
    sink.endSession(at: clock.now, events: events)
  }

  private func deliver(_ findings: some Collection<Finding>) {
    // Most events find nothing: sorting an empty collection still allocates.
    guard !findings.isEmpty else { return }
    for finding in findings.sorted(by: { $0.line < $1.line }) {
      sink.finding(
        finding, source: sources?.place(of: finding), at: clock.time(ofLine: finding.line), model: model,
        afterLine: line)
    }
  }

  private func compare(naming payload: EventPayload?, at time: Double) {
    let model = model
    let count = model.controllerCount
    if told.count < count { told.append(contentsOf: repeatElement(ToldController(), count: count - told.count)) }
    let changed = model.changedControllers
    if changed.count == 1 {
      // Most events change one controller: nothing to order.
      compareController(changed[changed.startIndex].offset, at: time)
      model.clearChangedControllers()
    } else if !changed.isEmpty {
      comparisons += 1
      candidates.removeAll(keepingCapacity: true)
      for vc in changed { candidates.append(vc.offset) }
      model.clearChangedControllers()
      // In id order, so that changes at the same time come out the same on every run.
      candidates.sort()
      for index in candidates where told[index].comparison != comparisons {
        told[index].comparison = comparisons
        compareController(index, at: time)
      }
    }
    if model.popoverChanges != popoverChanges {
      popoverChanges = model.popoverChanges
      namedPopovers.removeAll(keepingCapacity: true)
      payload?.forEachObject { id in
        if model.popovers[id] != nil { namedPopovers.append(id) }
      }
      comparePopovers(at: time)
    }
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
    var shown = model[vc].appearance
    if case .disappeared? = shown { shown = nil }
    if shown != told[index].shown {
      told[index].shown = shown
      send(TimelineChange(track: .controller(vc), slot: 0, label: shown?.rawValue), at: time)
    }
    let presenter = model[vc].presenter
    let style = presenter == nil ? nil : model[vc].style
    if presenter != told[index].presenter || style != told[index].style {
      told[index].presenter = presenter
      told[index].style = style
      let symbols = model.symbols
      send(
        TimelineChange(
          track: .presentations, slot: index,
          label: presenter.map { _ in "\(symbols.describe(vc)) (\(style?.rawValue ?? "?"))" },
          detail: presenter.map { [("presented by", symbols.describe($0))] } ?? []),
        at: time)
    }
  }

  /// Popovers that stopped being visible end, then those that became visible start, in id
  /// order. Only the visible ones and those the event names can change. Called when the model's
  /// popovers changed.
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

  private func send(_ change: consuming TimelineChange, at time: Double) {
    change.line = line
    sink.change(change, at: time, model: model)
  }
}

/// What a ``TimelineRecorder`` last told its sink of one controller.
private struct ToldController {
  /// Its appearance while it has a slice: nil when never placed or disappeared.
  var shown: AppearState?
  /// Its presenter while presented, and its style then.
  var presenter: ObjectID?
  var style: EffectiveStyle?
  /// The comparison it was last compared in, so that each is compared once per event.
  var comparison = 0
}
