import TraceModel

/// UIKit's view of one session, fed one event at a time: windows and their roots, the
/// controller hierarchy, presentations, popovers and orientation. Each call UIKit would
/// perform is performed; each one it would refuse (with a warning or an exception) is not,
/// and the refusal is reported as an ``Observation``.
///
/// Memory holds the live state only (a slot per object the session named), never the events.
package final class SessionModel {
  package let header: SessionHeader
  package let symbols: SessionSymbols

  // Per-event state is @exclusivity(unchecked): one thread uses an instance and its methods do
  // not re-enter, so the dynamic checks (~15% of a replay) would protect nothing.
  /// The state of each view controller, indexed by ``ObjectID/offset``.
  @exclusivity(unchecked) var controllers = ControllerStates()
  @exclusivity(unchecked) package internal(set) var popovers: [ObjectID: PopoverState] = [:] {
    didSet { popoverWrites &+= 1 }
  }
  /// How many times ``popovers`` was set: a timeline looks at them again only when it changes.
  package var popoverChanges: Int { popoverWrites }
  @exclusivity(unchecked) private var popoverWrites = 0
  @exclusivity(unchecked) package internal(set) var windows: [WindowState] = []
  /// The orientation of the interface now.
  package var interfaceOrientation: InterfaceOrientation { currentInterfaceOrientation }
  /// The orientation of the device, as last notified.
  package var deviceOrientation: DeviceOrientation { currentDeviceOrientation }
  // Read through getters, not stored `package internal(set)`: another module's read of a stored
  // property gets a dynamic exclusivity check (`@exclusivity(unchecked)` is not seen there), and
  // a report's timeline reads these after every event.
  @exclusivity(unchecked) var currentInterfaceOrientation: InterfaceOrientation
  @exclusivity(unchecked) var currentDeviceOrientation: DeviceOrientation = .unknown
  @exclusivity(unchecked) package internal(set) var deviceNotificationsOn = true

  /// An orientation decision waiting for the answers UIKit asks for while deciding (they are
  /// recorded after the event that made UIKit ask).
  @exclusivity(unchecked) var pendingOrientation: PendingOrientation?
  /// The last rotation the model performed or refused, for checking rotation callbacks.
  @exclusivity(unchecked) var lastRotation: RotationRecord?
  /// Navigation controllers that started appearing with an empty stack: the candidates to adopt
  /// the first controller that appears outside the tree (kept short: stale ones are dropped).
  @exclusivity(unchecked) var emptyAppearingNavigations: [ObjectID] = []
  /// Orientation findings already made, so that a state is reported once.
  var reportedNoCommonOrientation: OrientationDecision?
  @exclusivity(unchecked) var reportedUnsupportedShown: [ObjectID: InterfaceOrientation] = [:]
  /// The line and time (`t`) of the event being applied.
  @exclusivity(unchecked) package internal(set) var line = 0
  @exclusivity(unchecked) var time: Double?
  /// How many controllers have a presentation transition (``ControllerState/transition``): the
  /// callbacks that may end one look for it only when there is one.
  @exclusivity(unchecked) var openTransitions = 0
  /// Findings that the callbacks after their event may still refute.
  @exclusivity(unchecked) var held: [HeldFinding] = []
  /// The last current-context present, whose presenter a `definesPresentationContext` answer
  /// recorded in the same instant may still change.
  @exclusivity(unchecked) var lastContextPresent: (vc: ObjectID, source: ObjectID, time: Double?)?
  /// When the pending orientation decision was asked for.
  @exclusivity(unchecked) var pendingOrientationTime: Double?
  /// UIKit raised an exception: the app ended there, so what is left unfinished is no finding.
  @exclusivity(unchecked) package private(set) var raisedException = false
  @exclusivity(unchecked) private var emitted: [ModelObservation] = []
  /// Whether the model lists the controllers whose appearance, presenter or presentation style
  /// it sets (``changedControllers``): for a timeline, which otherwise compares every controller
  /// on screen after every event.
  @exclusivity(unchecked) package var listsChangedControllers = false
  @exclusivity(unchecked) private var changedControllerList: [ObjectID] = []
  /// How many of `changedControllerList` are listed now (clearing keeps the storage: a timeline
  /// clears the list after nearly every event).
  @exclusivity(unchecked) private var changedControllerCount = 0

  /// Whether ids the model no longer needs are released for reuse (see ``releaseUnneededIDs()``):
  /// only when nothing after the replay needs every object the session named.
  @exclusivity(unchecked) package var recyclesIDs = false
  /// How many ids a session keeps before unneeded ones are released.
  package var objectCap = SessionSymbols.idsBeforeRelease {
    didSet { nextSweep = objectCap }
  }
  @exclusivity(unchecked) var nextSweep = SessionSymbols.idsBeforeRelease
  var warnedAboutCap = false
  var warnedAboutDepth = false
  /// The warnings about the session itself (the cap reached, a hierarchy too deep; each once per
  /// session), until the driver reports them.
  @exclusivity(unchecked) package internal(set) var warnings: [IngestIssue] = []

  package init(header: SessionHeader, symbols: SessionSymbols) {
    self.header = header
    self.symbols = symbols
    currentInterfaceOrientation = header.orientation
  }

  /// Applies one event; returns what UIKit refused or threw on, with the lines they concern.
  /// The returned array is reused by the next call.
  package func apply(_ event: TraceEvent) -> [ModelObservation] {
    // Most events observe nothing: the checks below keep such an event from touching what it
    // does not change (a reset of an empty list or of a nil record is not free).
    if !emitted.isEmpty { emitted.removeAll(keepingCapacity: true) }
    line = event.line
    time = event.time
    growToSymbols()
    if symbols.hasRenewed { symbols.takeRenewed().forEach(forget) }
    var awaiting: [HeldFinding]?
    if pendingOrientation != nil || !held.isEmpty {
      let isConsequence = event.payload.isConsequence
      // A decision waits for the answers UIKit asks while making it, recorded among the
      // callbacks of the step that asked; it is taken at the next cause, before the rotation
      // callbacks that report it, or once the session has moved on to a later instant.
      if pendingOrientation != nil,
        !isConsequence || event.payload.reportsRotation || !isSameInstant(pendingOrientationTime)
      {
        resolvePendingOrientation()
      }
      if !held.isEmpty, !isConsequence { awaiting = closeEvidenceWindows() }
    }
    if !Self.isAnswer(event.payload) {
      if lastRotation != nil, !Self.followsRotation(event.payload) { lastRotation = nil }
      if lastContextPresent != nil, !Self.isPresent(event.payload) { lastContextPresent = nil }
    }
    switch event.payload {
    case .setRoot(let vc, let window): setRoot(vc, window: window)
    case .windowMask(let mask, let window): windows[windowIndex(window)].mask = mask
    case .deviceNotifications(let on): deviceNotificationsOn = on
    case .deviceOrientation(let device): deviceChanged(to: device)
    case .attemptRotation: attemptRotation()
    case .supportedInterfaceOrientations(let vc, let mask):
      controllers[touch(vc)].supportedMask = mask
      controllers[vc.offset].supportedMaskLine = line
    case .shouldAutorotate(let vc, let value): controllers[touch(vc)].shouldAutorotate = value
    case .preferredInterfaceOrientation(let vc, let orientation):
      controllers[touch(vc)].preferredOrientation = orientation
      controllers[vc.offset].preferredOrientationLine = line
    case .definesPresentationContext(let vc, let value):
      controllers[touch(vc)].definesPresentationContext = value
      if lastContextPresent != nil { reconsiderContext(after: vc) }
    case .willRotate(let vc, let to), .willAnimateRotation(let vc, let to):
      rotationCallback(vc, event.name!, to: to, from: nil)
    case .didRotate(let vc, let from): rotationCallback(vc, .didRotate, to: nil, from: from)
    case .viewWillTransitionToSize(let vc, _, _): touch(vc)
    case .appearance(let vc, let callback, _): appearance(vc, callback)
    case .beginAppearanceTransition(let vc, let appearing, _): beginAppearanceTransition(vc, appearing: appearing)
    case .endAppearanceTransition(let vc): endAppearanceTransition(vc)
    case .addChild(let parent, let vc): addChild(vc, to: parent)
    case .willMoveToParent(let vc, let parent): willMove(vc, to: parent)
    case .didMoveToParent(let vc, let parent): didMove(vc, to: parent)
    case .removeFromParent(let vc): removeFromParent(vc)
    case .push(let nav, let vc, _): push(vc, on: nav)
    case .pop(let nav, let vc, _): pop(nav, expected: vc)
    case .setViewControllers(let container, let vcs): setViewControllers(vcs, of: container)
    case .selectTab(let tab, let vc): select(vc, in: tab)
    case .transition(let parent, let from, let to): transition(in: parent, from: from, to: to)
    case .present(let presenter, let vc, let style, let animated):
      present(vc, from: presenter, style: style ?? defaultStyle, animated: animated == true)
    case .presentCompleted(let vc): presentationCompleted(vc)
    case .dismiss(let vc, let animated): dismiss(vc, animated: animated == true)
    case .dismissCompleted(let vc): dismissalCompleted(receiver: vc)
    case .popoverCreate(let popover, let vc): createPopover(popover, content: vc)
    case .popoverPresent(let popover): presentPopover(popover)
    case .popoverDismiss(let popover, _), .popoverDidDismiss(let popover): hidePopover(popover)
    case .popoverRelease(let popover): releasePopover(popover)
    case .console, .unknown: break
    case .dropped:
      // Events were lost here: what followed a held refusal cannot confirm it any more.
      held.removeAll()
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let vc):
      touch(vc)
      requestOrientationDecision(.update(requested: nil, window: nil, line: line))
    case .requestGeometryUpdate(let mask, let window):
      requestOrientationDecision(.update(requested: mask, window: window, line: line))
    case .dealloc(let vc): forget(vc)
    }
    if let awaiting { settle(awaiting: awaiting) }
    return emitted
  }

  /// Ends the session: decisions still pending are taken, and transitions never completed
  /// are reported — unless the trace was cut short or UIKit raised an exception, which ends
  /// the app and explains them. The observations reach `handOn` in the order made, at most
  /// ``finishBatch`` at a time (every controller of a session can be left unfinished).
  package func finish(cutShort: Bool, handingOn handOn: ([ModelObservation]) -> Void) {
    emitted.removeAll(keepingCapacity: true)
    growToSymbols()
    if pendingOrientation != nil { resolvePendingOrientation() }
    releaseHeld()
    if !cutShort && !raisedException { reportUnfinished(handingOn: handOn) }
    handOnObservations(to: handOn)
  }

  /// How many observations the end of a session hands on at a time.
  package static let finishBatch = 1024

  /// Hands the observations made so far to `handOn`, and forgets them, when there are at
  /// least `minimum`.
  func handOnObservations(to handOn: ([ModelObservation]) -> Void, minimum: Int = 1) {
    guard emitted.count >= minimum else { return }
    handOn(emitted)
    emitted.removeAll(keepingCapacity: true)
  }

  /// Takes a pending orientation decision now (for looking at the state mid-session).
  package func settle() {
    if pendingOrientation != nil { resolvePendingOrientation() }
  }

  /// Whether `other` is the instant of the event being applied (a missing time matches: the
  /// record's order is then its time).
  func isSameInstant(_ other: Double?) -> Bool {
    guard let time, let other else { return true }
    return abs(time - other) <= Self.instant
  }

  /// How far apart two records of the same instant may be logged (seconds).
  static let instant = 0.5

  /// When ``listsChangedControllers``: the controllers whose appearance, presenter or
  /// presentation style the model set (perhaps to the same value, perhaps more than once) since
  /// ``clearChangedControllers()``, in no order. A controller not listed has the three it had then.
  package var changedControllers: ArraySlice<ObjectID> { changedControllerList[..<changedControllerCount] }

  /// Empties ``changedControllers``.
  package func clearChangedControllers() { changedControllerCount = 0 }

  /// Notes that `vc`'s appearance, presenter or presentation style is being set.
  @inline(__always)
  func noteShownChange(_ vc: ObjectID) {
    if listsChangedControllers { listChanged(vc) }
  }

  private func listChanged(_ vc: ObjectID) {
    if changedControllerCount < changedControllerList.count {
      changedControllerList[changedControllerCount] = vc
    } else {
      changedControllerList.append(vc)
    }
    changedControllerCount += 1
  }

  /// The ids below this have a state (``subscript(_:)``).
  package var controllerCount: Int { controllers.count }

  // MARK: - Helpers for the areas

  func observe(_ observation: Observation, at line: Int? = nil) {
    emitted.append(
      ModelObservation(
        line: line ?? self.line, observation: observation, appController: appController(for: observation),
        decidedLine: self.line))
    if observation.isUncaughtException { raisedException = true }
  }

  /// Marks `vc` as mentioned; returns its index in ``controllers``.
  @discardableResult
  func touch(_ vc: ObjectID) -> Int {
    controllers[vc.offset].isKnown = true
    return vc.offset
  }

  /// The state of view controller `vc`, which must be below ``controllerCount``, read in place:
  /// reading a field copies the field, not the whole state (a timeline reads a few fields of
  /// several controllers after every event).
  package internal(set) subscript(_ vc: ObjectID) -> ControllerState {
    @inline(__always) unsafeAddress { UnsafePointer(controllers.address(of: vc.offset)) }
    @inline(__always) unsafeMutableAddress { controllers.address(of: vc.offset) }
  }

  func kind(_ vc: ObjectID) -> ContainerKind? { symbols.kind(of: vc) }

  /// The index of window `id` in ``windows``, adding it when new.
  func windowIndex(_ id: ObjectID) -> Int {
    if let index = windows.firstIndex(where: { $0.id == id }) { return index }
    windows.append(WindowState(id: id))
    return windows.count - 1
  }

  /// Gives every id the symbols numbered a state slot (a new object is about one event in ten).
  @inline(__always)
  func growToSymbols() {
    if controllers.count < symbols.count { addControllerSlots() }
  }

  private func addControllerSlots() { controllers.grow(to: symbols.count) }

  /// Events that may come with a rotation without ending it: its callbacks, and the appearance
  /// callbacks of a presentation that rotates.
  private static func followsRotation(_ payload: EventPayload) -> Bool {
    switch payload {
    case .willRotate, .willAnimateRotation, .didRotate, .viewWillTransitionToSize, .appearance,
      .beginAppearanceTransition, .endAppearanceTransition, .presentCompleted, .dismissCompleted:
      true
    default:
      false
    }
  }

  private static func isPresent(_ payload: EventPayload) -> Bool {
    if case .present = payload { true } else { false }
  }

  /// Events that record an answer UIKit asked for while deciding something: they belong to the
  /// decision of the event before them.
  private static func isAnswer(_ payload: EventPayload) -> Bool {
    switch payload {
    case .supportedInterfaceOrientations, .shouldAutorotate, .preferredInterfaceOrientation,
      .definesPresentationContext, .windowMask, .console, .unknown:
      true
    default:
      false
    }
  }
}
