import TraceModel

/// An orientation decision UIKit makes after an event; taken once the answers it asks for
/// (recorded after that event) have been read.
enum PendingOrientation {
  /// The device turned (UIDeviceOrientationDidChangeNotification).
  case deviceChanged(DeviceOrientation, line: Int)
  /// `attemptRotationToDeviceOrientation`.
  case attempt(line: Int)
  /// The deciding controller may have changed.
  case deciderChanged(cause: DeciderChange, line: Int)
  /// iOS 16+: `setNeedsUpdateOfSupportedInterfaceOrientations` (requested nil) or
  /// `requestGeometryUpdate` for `requested` orientations.
  case update(requested: OrientationMask?, window: ObjectID?, line: Int)
}

extension PendingOrientation {
  /// The app asked UIKit to decide again for the controllers already shown
  /// (attemptRotationToDeviceOrientation, setNeedsUpdateOfSupportedInterfaceOrientations,
  /// requestGeometryUpdate), rather than the device or the deciding controller changing.
  var reevaluatesShown: Bool {
    switch self {
    case .attempt, .update: true
    case .deviceChanged, .deciderChanged: false
    }
  }
}

enum DeciderChange {
  case setRoot(window: ObjectID)
  case present(ObjectID)
  case dismiss(ObjectID)
}

/// The last rotation UIKit made or refused, which the rotation callbacks that follow speak of.
struct RotationRecord {
  var from: InterfaceOrientation
  var to: InterfaceOrientation
  var refusal: RotationRefusal?
  /// The line of the event that made UIKit decide.
  var line: Int
  var reported: Set<ObjectID> = []
}

/// Orientation: who decides, what is allowed, when UIKit rotates.
extension SessionModel {
  /// The window whose controllers decide the orientation: the first one given a root.
  package var primaryWindow: WindowState? { windows.first { $0.root != nil } }

  /// What UIKit would decide now, or nil when no window has a root controller (then UIKit
  /// does not rotate at all, O2).
  package func orientationDecision(for windowID: ObjectID? = nil) -> OrientationDecision? {
    let chosen = windowID.map { id in windows.first { $0.id == id } } ?? primaryWindow
    guard let window = chosen, let root = window.root else { return nil }
    let decider = decidingController(from: root)
    let appMask = window.mask ?? header.supported
    let appSource: OrientationDecision.AppMaskSource =
      window.mask != nil ? .windowDelegate : .infoPlist(declared: header.declaredSupported != nil)
    if supportsMultitasking {
      return OrientationDecision(
        decider: decider, appMask: appMask, appMaskSource: appSource, controllerMask: .all,
        controllerMaskSource: .ignoredForMultitasking, autorotates: true, autorotateSource: .ignoredForMultitasking)
    }
    let answered = self[decider].supportedMask
    // shouldAutorotate "returns true by default"; iOS 16 no longer asks it
    // (https://developer.apple.com/documentation/uikit/uiviewcontroller/shouldautorotate).
    let autorotate: (Bool, OrientationDecision.AutorotateSource) =
      isAtLeast(16)
      ? (true, .ignoredSinceiOS16) : self[decider].shouldAutorotate.map { ($0, .answered) } ?? (true, .defaultYes)
    return OrientationDecision(
      decider: decider, appMask: appMask, appMaskSource: appSource,
      controllerMask: answered ?? defaultMask, controllerMaskSource: answered != nil ? .answered : .idiomDefault,
      autorotates: autorotate.0, autorotateSource: autorotate.1)
  }

  /// The window's root, or the top-most controller presented over it full screen (O2) — also
  /// when it is presented from a sheet or popover that does not decide itself.
  func decidingController(from root: ObjectID) -> ObjectID {
    var decider = root
    // Down the shown chain, and on to what the first of it that presents presents.
    for shown in walk(from: root, step: { self[$0].presented ?? self.onlyShownChild(of: $0) }) {
      if let presented = self[shown].presented, self[presented].style?.decidesOrientation == true {
        decider = presented
      }
    }
    return decider
  }

  /// iOS 9+ iPad apps that support multitasking (all four orientations, no
  /// UIRequiresFullScreen): controller masks are not consulted (O7).
  var supportsMultitasking: Bool {
    header.idiom == .pad && isAtLeast(9) && header.supported == .all && !header.requiresFullScreen
  }

  /// A controller's mask when it never answered: "all for the iPad idiom and allButUpsideDown
  /// for the iPhone idiom"
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations).
  var defaultMask: OrientationMask { header.idiom?.defaultMask ?? .all }

  /// True when the session's iOS is at least `major`; a trace without `os` is taken as a
  /// current iOS.
  package func isAtLeast(_ major: Int) -> Bool { header.os.map { $0 >= OSVersion(major) } ?? true }

  // MARK: - Events

  func deviceChanged(to device: DeviceOrientation) {
    currentDeviceOrientation = device
    requestOrientationDecision(.deviceChanged(device, line: line))
  }

  func attemptRotation() {
    requestOrientationDecision(.attempt(line: line))
  }

  func requestOrientationDecision(_ pending: PendingOrientation) {
    lastRotation = nil
    if pendingOrientation != nil { resolvePendingOrientation() }
    pendingOrientation = pending
    pendingOrientationTime = time
  }

  /// Takes the decision an earlier event asked for, now that its answers are known.
  func resolvePendingOrientation() {
    guard let pending = pendingOrientation else { return }
    pendingOrientation = nil
    switch pending {
    case .deviceChanged(let device, let line): followDevice(device, at: line, reportingRefusal: true)
    case .attempt(let line): followDevice(deviceOrientation, at: line, reportingRefusal: false)
    case .deciderChanged(let cause, let line): decideAfterChange(cause, at: line)
    case .update(let requested, let window, _): update(to: requested, in: window)
    }
  }

  /// iOS 16+: UIKit reads the answers again and rotates when the current orientation is no
  /// longer allowed (or not among the requested ones), to the device's orientation if it may.
  private func update(to requested: OrientationMask?, in window: ObjectID?) {
    guard let decision = orientationDecision(for: window ?? primaryWindow?.id) else { return }
    let allowed = decision.effectiveMask.intersection(requested ?? .all)
    guard !allowed.isEmpty, !allowed.contains(interfaceOrientation) else { return }
    let device = deviceOrientation.interfaceOrientation.flatMap { allowed.contains($0) ? $0 : nil }
    rotate(to: device ?? allowed.orientations[0])
  }

  /// The device turned (or the app asked UIKit to try again): rotate the interface when the
  /// device's orientation is allowed; flat and unknown orientations never rotate (O1).
  private func followDevice(_ device: DeviceOrientation, at line: Int, reportingRefusal: Bool) {
    guard let wanted = device.interfaceOrientation, wanted != interfaceOrientation else { return }
    let refusal: RotationRefusal
    if !deviceNotificationsOn {
      refusal = .notificationsOff
    } else {
      guard let decision = orientationDecision() else { return }
      if decision.effectiveMask.isEmpty { return reportNoCommonOrientation(decision, at: line) }
      if decision.allows(wanted) { return rotate(to: wanted) }
      refusal = decision.autorotates ? .notInMask(decision) : .shouldAutorotateNo(decision)
    }
    lastRotation = RotationRecord(from: interfaceOrientation, to: wanted, refusal: refusal, line: line)
    if reportingRefusal { held.append(.rejectedRotation(line: line, device: device, wanted: wanted, reason: refusal)) }
  }

  /// A new controller decides (a new root, a full-screen presentation or dismissal): UIKit
  /// checks it has an orientation in common with the app (O5) and a supported preferred
  /// orientation (O6), and rotates when the current orientation is no longer allowed.
  private func decideAfterChange(_ cause: DeciderChange, at line: Int) {
    if case .setRoot(let window) = cause, window != primaryWindow?.id {
      // Another window's root: UIKit checks it shares an orientation with the app (O5).
      if let decision = orientationDecision(for: window), decision.effectiveMask.isEmpty {
        reportNoCommonOrientation(decision, at: line)
      }
      return
    }
    guard let decision = orientationDecision(), let decider = decision.decider else { return }
    switch cause {
    case .present(let vc) where vc == decider: checkPreferredOrientation(of: vc, at: line)
    case .dismiss: checkPreferredOrientation(of: decider, at: line)
    default: break
    }
    let mask = decision.effectiveMask
    if mask.isEmpty { return reportNoCommonOrientation(decision, at: line) }
    let preferred = preferredOrientation(of: decider, askedSince: line).flatMap { mask.contains($0) ? $0 : nil }
    if !mask.contains(interfaceOrientation) {
      let device = deviceOrientation.interfaceOrientation.flatMap { mask.contains($0) ? $0 : nil }
      rotate(to: preferred ?? device ?? mask.orientations[0])
    } else if case .present = cause, let preferred, preferred != interfaceOrientation {
      rotate(to: preferred)
    }
    if case .dismiss = cause { checkShownOrientation(after: .dismiss, from: decider, at: line) }
  }

  func rotate(to orientation: InterfaceOrientation) {
    lastRotation = RotationRecord(from: interfaceOrientation, to: orientation, refusal: nil, line: line)
    currentInterfaceOrientation = orientation
    reportedUnsupportedShown.removeAll()
    for (id, popover) in popovers where popover.isVisible { popovers[id]?.needsReposition = true }
  }

  /// `preferredInterfaceOrientationForPresentation` as `vc` answered it for the decision that
  /// the event at `line` started; nil when it was not asked then. An earlier answer is not
  /// UIKit's answer now: when not overridden, "the system presents the view controller using
  /// the current orientation of the status bar"
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredinterfaceorientationforpresentation).
  private func preferredOrientation(of vc: ObjectID, askedSince line: Int) -> InterfaceOrientation? {
    self[vc].preferredOrientationLine > line ? self[vc].preferredOrientation : nil
  }

  private func reportNoCommonOrientation(_ decision: OrientationDecision, at line: Int) {
    guard decision.autorotates, reportedNoCommonOrientation != decision else { return }
    reportedNoCommonOrientation = decision
    observe(.noCommonOrientation(decision), at: line)
  }

  private func checkPreferredOrientation(of vc: ObjectID, at line: Int) {
    guard let preferred = preferredOrientation(of: vc, askedSince: line), !supportsMultitasking else { return }
    let mask = self[vc].supportedMask ?? defaultMask
    if !mask.contains(preferred) {
      observe(.preferredOrientationUnsupported(vc: vc, preferred: preferred, mask: mask), at: line)
    }
  }

  /// After a pop, a tab switch, a stack replacement, a custom transition or a dismissal, UIKit
  /// does not decide the orientation again (O4): a controller now shown whose own answer
  /// excludes the current orientation stays in it until the device moves.
  func checkShownOrientation(after event: EventName, from container: ObjectID, at line: Int? = nil) {
    guard !supportsMultitasking, isOnScreen(container) else { return }
    let orientation = interfaceOrientation
    let cause = line ?? self.line
    // The deepest controller the event revealed that excludes the orientation is the one to
    // report; one on screen before it (a tab kept selected) was not revealed by it.
    var excluding: (vc: ObjectID, mask: OrientationMask)?
    for vc in shownChain(from: container) where wasRevealed(vc, by: cause) {
      if let mask = currentMask(of: vc), !mask.contains(orientation) { excluding = (vc, mask) }
    }
    guard let (vc, mask) = excluding, reportedUnsupportedShown[vc] != orientation else { return }
    reportedUnsupportedShown[vc] = orientation
    held.append(.unsupportedShown(line: cause, vc: vc, orientation: orientation, mask: mask, cause: event))
  }

  /// Whether `vc` came on screen with the event at `line`: it was not on screen, or its
  /// appearance began after that event (the callbacks follow their cause).
  private func wasRevealed(_ vc: ObjectID, by line: Int) -> Bool {
    self[vc].appearance?.isVisible != true || self[vc].appearanceLine > line
  }

  /// Whether `vc` decides the orientation now (the primary window's root, or the top-most
  /// controller presented over it full screen).
  func isDeciding(_ vc: ObjectID) -> Bool {
    primaryWindow?.root.map(decidingController(from:)) == vc
  }

  /// `vc`'s supportedInterfaceOrientations answer, unless it was given before what `vc` shows
  /// changed: UIKit does not ask again after a pop or a tab switch, and a container's earlier
  /// answer may have been its former content's.
  func currentMask(of vc: ObjectID) -> OrientationMask? {
    self[vc].supportedMaskLine > self[vc].shownContentLine ? self[vc].supportedMask : nil
  }

  /// willRotate / willAnimateRotation / didRotate: UIKit sends them for a rotation it makes,
  /// so after one the model thought refused they show it was wrong (the interface rotated);
  /// otherwise they must reach a controller on screen (O9).
  func rotationCallback(_ vc: ObjectID, _ callback: EventName, to: InterfaceOrientation?, from: InterfaceOrientation?) {
    touch(vc)
    if !held.isEmpty, rotationRefutesHeld(vc, to: to, from: from) { return }
    guard var record = lastRotation, !record.reported.contains(vc) else { return }
    if let refusal = record.refusal {
      guard to == record.to || (from != nil && from == interfaceOrientation) else { return }
      observe(
        .modelDisagreement(.rejectedRotationHappened(vc: vc, to: record.to, refusal: refusal, rejectedAt: record.line)))
      rotate(to: record.to)
      return
    }
    guard to == record.to || (from != nil && from == record.from), isKnownOffScreen(vc) else { return }
    record.reported.insert(vc)
    lastRotation = record
    observe(.rotationCallbackMismatch(vc: vc, callback: callback, problem: .notOnScreen(to: record.to)))
  }
}
