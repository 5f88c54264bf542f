import TraceModel

/// Which controller decides the interface orientation, what UIKit asks it, and rotations.
extension SimApplication {
  /// "The top-most full-screen view controller (typically the root view controller)" decides
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations);
  /// a presentation being dismissed no longer counts.
  var decider: SimViewController? {
    guard var current = root else { return nil }
    var decider = current
    while let presented = livePresented(below: current) {
      if presented.modal?.decidesOrientation == true { decider = presented }
      current = presented
    }
    return decider
  }

  /// What `family`'s members present, unless it is being dismissed.
  private func livePresented(below family: SimViewController) -> SimViewController? {
    family.family.lazy.compactMap { member in
      member.transition == .dismissing ? nil : member.presented
    }.first
  }

  /// UIKit consults controllers' masks (iOS 6+), except in an iPad app that multitasks.
  var usesControllerMasks: Bool { os >= OSVersion(6) && !isMultitaskingPad }

  /// UIKit asks `decider` whether and where it may rotate; returns whether it autorotates.
  /// supportedInterfaceOrientations is read "only if this view controller returns YES from its
  /// shouldAutorotate method" (iOS 6–15); from iOS 16 shouldAutorotate is no longer consulted
  /// (iOS 16 release notes, quoted in https://github.com/apache/cordova-plugin-screen-orientation/issues/100).
  @discardableResult
  func ask(_ decider: SimViewController, preferred: Bool = false) -> Bool {
    if os < OSVersion(16) {
      recorder.event(.shouldAutorotate, vc: decider) { $0.flag("value", decider.autorotates) }
      guard decider.autorotates else { return false }
    }
    for answerer in decider.orientationAnswerers { recorder.answeredMask(answerer) }
    if preferred, let orientation = decider.preferredOrientation {
      recorder.event(.preferredInterfaceOrientation, vc: decider) { $0.name("orientation", orientation.name) }
    }
    return true
  }

  /// Whether UIKit rotates to `orientation` under `decider`: "The app and view controller must
  /// agree before the rotation is allowed"
  /// (https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:supportedinterfaceorientationsfor:)).
  func allows(_ orientation: InterfaceOrientation, under decider: SimViewController, autorotates: Bool) -> Bool {
    autorotates && decider.effectiveMask.intersection(appMask).contains(orientation)
  }

  /// The device turns. Only an interface orientation rotates the interface (`faceUp`,
  /// `faceDown` and `unknown` never do: UIDeviceOrientationIsValidInterfaceOrientation).
  func turnDevice(to orientation: DeviceOrientation) {
    let line = recorder.event(.deviceOrientation) { $0.name("orientation", orientation.name) }
    device = orientation
    guard let target = orientation.interfaceOrientation, target != interface, let decider else { return }
    if !usesControllerMasks { return rotateInterface(to: target, under: decider) }
    let autorotates = ask(decider)
    if throwsForNoCommonOrientation(decider, autorotates: autorotates, at: line) { return }
    if allows(target, under: decider, autorotates: autorotates) {
      rotateInterface(to: target, under: decider)
    } else {
      recorder.expect(.rejectedOrientation, at: line)
    }
  }

  /// UIKit computes the orientations the decider and the app share each time it decides, and
  /// raises UIApplicationInvalidInterfaceOrientation "Supported orientations has no common
  /// orientation with the application, and [… shouldAutorotate] is returning YES" when there
  /// are none — at a rotation too ("a crash upon rotating from locked landscape orientation to
  /// portrait": https://github.com/wix/react-native-navigation/pull/2156; iOS 6–15, the
  /// wording names shouldAutorotate, which iOS 16 no longer asks).
  func throwsForNoCommonOrientation(_ decider: SimViewController, autorotates: Bool, at line: Int) -> Bool {
    guard autorotates, os < OSVersion(16), decider.effectiveMask.intersection(appMask).isEmpty else { return false }
    recorder.expect(.noCommonOrientation, at: line)
    crash()
    return true
  }

  /// `UIViewController.attemptRotationToDeviceOrientation()` (iOS 5–15): "Attempts to rotate
  /// all windows to the orientation of the device" — at once when the device is in an allowed
  /// orientation (https://developer.apple.com/documentation/uikit/uiviewcontroller/attemptrotationtodeviceorientation()).
  func attemptRotation() {
    let held = takeHeldVerdict()
    let line = recorder.event(.attemptRotation)
    redecide(toward: device.interfaceOrientation, at: line)
    settle(held)
  }

  /// iOS 16+: `setNeedsUpdateOfSupportedInterfaceOrientations()` on `vc`: UIKit reads the
  /// masks again and rotates if it must
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofsupportedinterfaceorientations()).
  func setNeedsUpdateOfSupportedInterfaceOrientations(_ vc: SimViewController) {
    let held = takeHeldVerdict()
    let line = recorder.event(.setNeedsUpdateOfSupportedInterfaceOrientations, vc: vc)
    guard let decider else { return settle(held) }
    redecide(toward: device.interfaceOrientation, at: line)
    guard !crashed else { return }
    let mask = decider.effectiveMask.intersection(appMask)
    if !mask.contains(interface), !mask.isEmpty {
      rotateInterface(to: orientation(within: mask, for: decider), under: decider)
    }
    settle(held)
  }

  /// Asks the decider and rotates to `target` when it is allowed.
  private func redecide(toward target: InterfaceOrientation?, at line: Int) {
    guard let decider else { return }
    let autorotates = usesControllerMasks ? ask(decider) : true
    if usesControllerMasks, throwsForNoCommonOrientation(decider, autorotates: autorotates, at: line) { return }
    guard let target, target != interface else { return }
    if !usesControllerMasks || allows(target, under: decider, autorotates: autorotates) {
      rotateInterface(to: target, under: decider)
    }
  }

  /// A full-screen presentation makes `vc` the decider: UIKit asks it, throws when the masks
  /// share nothing or its preferred orientation is not one it supports, and otherwise shows
  /// it in an orientation it supports, without rotation callbacks. Returns false on a throw.
  func decideOrientation(presenting vc: SimViewController, at line: Int) -> Bool {
    guard usesControllerMasks else { return true }
    let autorotates = ask(vc, preferred: true)
    let mask = vc.effectiveMask.intersection(appMask)
    // A system controller presented full screen in an app whose orientations it does not
    // share is the commonest cause (https://github.com/Instabug/Instabug-iOS/issues/90).
    if throwsForNoCommonOrientation(vc, autorotates: autorotates, at: line) { return false }
    // "preferredInterfaceOrientationForPresentation must return a supported interface
    // orientation!" (https://github.com/thiagoperes/IDMPhotoBrowser/issues/31).
    if let preferred = vc.preferredOrientation, !vc.effectiveMask.contains(preferred) {
      recorder.expect(.preferredOrientationUnsupported, at: line)
      crash()
      return false
    }
    if autorotates, !mask.isEmpty, !mask.contains(interface) { interface = orientation(within: mask, for: vc) }
    return true
  }

  /// A full-screen dismissal reveals a new decider: UIKit asks it and shows it in an
  /// orientation it supports.
  func redecideOrientationAfterDismissal(at line: Int) {
    guard usesControllerMasks, let decider else { return }
    let autorotates = ask(decider, preferred: true)
    if throwsForNoCommonOrientation(decider, autorotates: autorotates, at: line) { return }
    let mask = decider.effectiveMask.intersection(appMask)
    if autorotates, !mask.isEmpty, !mask.contains(interface) { interface = orientation(within: mask, for: decider) }
  }

  /// The orientation UIKit picks within `mask`: the preferred one, else the device's, else the
  /// first (portrait first).
  func orientation(within mask: OrientationMask, for vc: SimViewController) -> InterfaceOrientation {
    if let preferred = vc.preferredOrientation, mask.contains(preferred) { return preferred }
    if let facing = device.interfaceOrientation, mask.contains(facing) { return facing }
    return mask.orientations.first ?? interface
  }

  /// After a pop, a tab switch, a stack replacement, a custom transition or a dismissal that
  /// does not decide orientation again, a controller shown whose recorded answer excludes the
  /// current orientation is shown in an orientation it does not support — unless the app's
  /// next call fixes it.
  func holdIfShownUnsupported(_ shown: [SimViewController], at line: Int) {
    guard usesControllerMasks else { return }
    let unsupported = shown.filter(isShownUnsupported)
    if !unsupported.isEmpty { heldUnsupportedShown = (line, unsupported) }
  }

  /// Whether `vc`, answering for itself, excludes the current orientation in an answer the
  /// trace shows (UIKit asks a controller only when it decides or its container consults it;
  /// a container that consults its content says nothing of its own).
  private func isShownUnsupported(_ vc: SimViewController) -> Bool {
    guard vc.orientationAnswerers.count == 1, let recorded = vc.recordedMask else { return false }
    return !recorded.contains(interface)
  }

  private func takeHeldVerdict() -> (line: Int, shown: [SimViewController])? {
    defer { heldUnsupportedShown = nil }
    return heldUnsupportedShown
  }

  /// A held verdict stands if its controllers are still shown in an orientation they exclude.
  private func settle(_ held: (line: Int, shown: [SimViewController])?) {
    guard let held else { return }
    if held.shown.contains(where: isShownUnsupported) {
      recorder.expect(.unsupportedOrientationShown, at: held.line)
    }
  }
}
