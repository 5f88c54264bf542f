import TraceModel

/// The simulated UIKit of one app launch: the device, the window and every controller, popover
/// and animation in it. The app calls its methods as it would call UIKit; each call is
/// recorded, then performed, refused or thrown on as UIKit does, with the callbacks UIKit
/// sends. Where UIKit refuses, throws or logs — or the app breaks a rule traceq checks — the
/// simulator records its verdict for that line in the recorder's ground truth.
final class SimApplication {
  let os: OSVersion
  let idiom: Idiom
  /// Info.plist `UISupportedInterfaceOrientations`.
  let infoPlistMask: OrientationMask
  /// Info.plist `UIRequiresFullScreen` (iPad).
  let requiresFullScreen: Bool
  let recorder: SimRecorder
  let runLoop: SimRunLoop

  /// The main window's root view controller.
  var root: SimViewController?
  /// What `application(_:supportedInterfaceOrientationsFor:)` returns, when the app implements it.
  var windowMask: OrientationMask?
  var device: DeviceOrientation
  var interface: InterfaceOrientation
  var popovers: [SimPopoverController] = []
  /// Legacy controllers whose views were added by hand (outside the controller hierarchy).
  var detached: [SimViewController] = []
  /// The app threw: nothing more happens in this session.
  private(set) var crashed = false
  /// Callbacks UIKit itself sent in a state that does not allow them: a fault of the simulator
  /// unless an injected misuse led there (the tests keep it at zero without misuse).
  var uikitBreaches = 0

  /// A shown-in-unsupported-orientation verdict waiting for the app's next call, which may
  /// fix it (attemptRotationToDeviceOrientation right after a pop rotates at once).
  var heldUnsupportedShown: (line: Int, shown: [SimViewController])?
  /// Children added with addChild whose didMove(toParent:) has not come.
  var awaitingDidMove: [SimViewController] = []
  /// Controllers in the middle of an appearance transition (after a will- callback).
  var inTransition: [ObjectIdentifier: SimViewController] = [:]

  private var nextAddress: UInt64

  init(
    os: OSVersion, idiom: Idiom, infoPlistMask: OrientationMask, requiresFullScreen: Bool,
    orientation: InterfaceOrientation,
    recorder: SimRecorder, runLoop: SimRunLoop, addressBase: UInt64
  ) {
    self.os = os
    self.idiom = idiom
    self.infoPlistMask = infoPlistMask
    self.requiresFullScreen = requiresFullScreen
    self.recorder = recorder
    self.runLoop = runLoop
    interface = orientation
    device = Self.device(facing: orientation)
    nextAddress = 0x7f00_0000_0000 | (addressBase & 0xff_ffff) << 16
  }

  // MARK: Making controllers

  /// A new address, as `%p` prints a heap object.
  func newAddress() -> String {
    nextAddress += 0x1a0
    return "0x" + String(nextAddress, radix: 16)
  }

  /// A plain controller that answers `mask` (UIKit's default for the idiom when nil).
  func controller(_ className: String, mask: OrientationMask? = nil) -> SimViewController {
    SimViewController(address: newAddress(), className: className, mask: mask ?? idiom.defaultMask)
  }

  /// A navigation controller made with `stack` (`init(rootViewController:)` sets the stack,
  /// which a hooked recorder logs as setViewControllers).
  func navigation(
    _ className: String = "UINavigationController", stack: [SimViewController], consultsTop: Bool = false
  ) -> SimNavigationController {
    fill(
      SimNavigationController(
        address: newAddress(), className: className, mask: idiom.defaultMask, consultsTop: consultsTop), with: stack)
  }

  /// A tab bar controller with `tabs`, the first selected.
  func tabBar(_ className: String = "UITabBarController", tabs: [SimViewController], consultsSelected: Bool = false)
    -> SimTabBarController
  {
    fill(
      SimTabBarController(
        address: newAddress(), className: className, mask: idiom.defaultMask, consultsSelected: consultsSelected),
      with: tabs)
  }

  /// A new container given its children, as its initializer does.
  private func fill<Container: SimViewController>(_ container: Container, with children: [SimViewController])
    -> Container
  {
    for child in children { container.adopt(child) }
    recorder.setViewControllers(of: container, children)
    return container
  }

  // MARK: Lifecycle

  /// Whether the iPad app supports multitasking, in which case UIKit never asks controllers
  /// about orientation: "the system doesn't call this method on your view controller because
  /// multitasking apps must support all orientations" (iOS 9+;
  /// https://developer.apple.com/documentation/bundleresources/information-property-list/uirequiresfullscreen,
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations).
  var isMultitaskingPad: Bool {
    idiom == .pad && os >= OSVersion(9) && infoPlistMask == .all && !requiresFullScreen
  }

  /// The app's mask for the window: the delegate's answer, which replaces Info.plist's
  /// (https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:supportedinterfaceorientationsfor:)).
  var appMask: OrientationMask { windowMask ?? infoPlistMask }

  /// Starts an app call: a verdict held for "the app's next call" is now final.
  func beginAppCall() {
    if let held = heldUnsupportedShown {
      recorder.expect(.unsupportedOrientationShown, at: held.line)
      heldUnsupportedShown = nil
    }
  }

  /// UIKit raised an exception: the app terminates.
  func crash() {
    crashed = true
    runLoop.abandon()
    recorder.close()
  }

  /// The session ends (the app is quit): what is still unfinished now stays so.
  /// After an exception nothing is unfinished: the app is gone (what the app was about to do
  /// never came).
  func end() {
    runLoop.settle()
    guard !crashed else { return }
    beginAppCall()
    var unfinished: [(line: Int, rule: RuleID)] = []
    for child in awaitingDidMove {
      if let line = child.addedAwaitingDidMove { unfinished.append((line, .didMoveMissing)) }
    }
    for vc in inTransition.values {
      unfinished.append((vc.lastAppearanceLine, .unfinishedAppearance))
    }
    for row in unfinished.sorted(by: { $0.line < $1.line }) { recorder.expect(row.rule, at: row.line) }
  }

  /// The device orientation that shows `orientation` (landscape is swapped:
  /// https://developer.apple.com/documentation/uikit/uiinterfaceorientation).
  static func device(facing orientation: InterfaceOrientation) -> DeviceOrientation {
    DeviceOrientation.allCases.first { $0.interfaceOrientation == orientation } ?? .portrait
  }
}
