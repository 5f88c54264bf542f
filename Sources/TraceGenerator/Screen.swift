import TraceModel

/// What a generated session has on screen — the window's root controller tree, the presented
/// controllers, the visible popover — and its orientation, decided as UIKit decides it
/// (worked out here, independently of Replay's model), so that the script only writes calls
/// UIKit accepts.
final class Screen {
  /// A presented controller.
  struct Modal {
    let controller: ScriptController
    /// The style UIKit uses (after adaptation to the idiom and iOS version).
    let style: ShownStyle
  }

  /// What a device rotation did.
  enum Turn {
    /// The interface rotated.
    case rotated(from: InterfaceOrientation, to: InterfaceOrientation)
    /// Nothing to do: a flat or unknown orientation, or the one the interface already has.
    case unchanged
    /// UIKit refused the orientation.
    case rejected
  }

  let profile: SessionProfile
  let root: ScriptController
  private(set) var modals: [Modal] = []
  /// The visible `UIPopoverController`.
  var popover: (address: String, content: ScriptController)?
  private(set) var interface: InterfaceOrientation
  private(set) var device: DeviceOrientation = .unknown
  var notificationsOn = true
  /// A controller that left the hierarchy and the screen (popped, dismissed or removed).
  var offScreen: ScriptController?

  init(profile: SessionProfile, root: ScriptController, orientation: InterfaceOrientation) {
    self.profile = profile
    self.root = root
    interface = orientation
  }

  /// The controller at the top level: the last one presented, else the root.
  var top: ScriptController { modals.last?.controller ?? root }

  /// Nothing presented and no popover: where every scripted anomaly starts.
  var isHome: Bool { modals.isEmpty && popover == nil }

  /// The controllers of the top level that are on screen, parents first.
  var shownChain: [ScriptController] { top.shownChain }

  /// Puts `controller` on top, presented with `style`.
  func present(_ controller: ScriptController, style: ShownStyle) {
    modals.append(Modal(controller: controller, style: style))
  }

  /// Takes the top presented controller away.
  func dismissTop() { modals.removeLast() }

  /// The controllers shown at the level below the top one (revealed when a full-screen
  /// presentation is dismissed).
  var chainBelowTop: [ScriptController] {
    modals.count >= 2 ? modals[modals.count - 2].controller.shownChain : root.shownChain
  }

  // MARK: - Orientation, as the model decides it

  /// The controller that decides orientation: the root, or the presented controllers over it
  /// as long as each is presented full screen (the model follows presentations from the root
  /// through deciding styles only).
  var decider: ScriptController {
    var decider = root
    for modal in modals {
      guard modal.style.decidesOrientation else { break }
      decider = modal.controller
    }
    return decider
  }

  /// The orientations the interface may take now.
  var effectiveMask: OrientationMask {
    if profile.supportsMultitasking { return profile.supported }
    return profile.supported.intersection(decider.mask ?? profile.idiom.defaultMask)
  }

  /// Whether the deciding controller lets UIKit rotate.
  var autorotates: Bool {
    profile.supportsMultitasking || !profile.asksShouldAutorotate || decider.autorotates != false
  }

  /// The device turned to `orientation` (after the answers UIKit asked for).
  func deviceTurned(to orientation: DeviceOrientation) -> Turn {
    device = orientation
    guard let wanted = orientation.interfaceOrientation, wanted != interface else { return .unchanged }
    guard notificationsOn, autorotates, effectiveMask.contains(wanted) else { return .rejected }
    let from = interface
    interface = wanted
    return .rotated(from: from, to: wanted)
  }

  /// A deciding controller was presented or dismissed: UIKit rotates when the current
  /// orientation is no longer allowed, and to the preferred orientation of a controller
  /// presented full screen.
  func deciderChanged(byPresenting: Bool) {
    let mask = effectiveMask
    guard !mask.isEmpty else { return }
    let preferred = decider.preferred.flatMap { mask.contains($0) ? $0 : nil }
    if !mask.contains(interface) {
      let fromDevice = device.interfaceOrientation.flatMap { mask.contains($0) ? $0 : nil }
      interface = preferred ?? fromDevice ?? mask.orientations[0]
    } else if byPresenting, let preferred {
      interface = preferred
    }
  }

  /// The other orientations UIKit lets the interface take, once the deciding controller says
  /// YES to shouldAutorotate (as the script's device turns make it say).
  var reachableOrientations: [InterfaceOrientation] {
    effectiveMask.orientations.filter { $0 != interface }
  }

  /// The orientations UIKit refuses whatever shouldAutorotate says.
  var refusedOrientations: [InterfaceOrientation] {
    InterfaceOrientation.allCases.filter { !effectiveMask.contains($0) }
  }
}

extension InterfaceOrientation {
  /// The device orientation that turns the interface to this one (the device's landscapeLeft
  /// is the interface's landscapeRight).
  var device: DeviceOrientation {
    switch self {
    case .portrait: .portrait
    case .portraitUpsideDown: .portraitUpsideDown
    case .landscapeRight: .landscapeLeft
    case .landscapeLeft: .landscapeRight
    }
  }
}
