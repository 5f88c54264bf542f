import TraceModel

/// A seeded app that uses the simulated UIKit the way a real app of its kind does: it builds
/// its screens at launch, then each step is one thing a user does (a tap, a swipe, turning the
/// device). It looks at what UIKit shows now before acting, never at what it meant to show, so
/// a present UIKit dropped is simply not there. Subclasses are the Homepwner, Mail and Reader
/// apps; misuse they can be asked to commit is in ``Misuse``.
class ScriptedApp {
  let uikit: SimApplication
  var random: SimRandom
  /// A controller the app still holds after it left the screen (popped or dismissed).
  var removed: SimViewController?

  init(uikit: SimApplication, random: SimRandom) {
    self.uikit = uikit
    self.random = random
  }

  /// Builds the window's screens.
  func launch() {}

  /// One everyday interaction with the app (subclasses add their own).
  func step() {
    if random.chance(5), turnDevice() { return }
    if let top = uikit.topPresented { return closeTop(top) }
  }

  /// The user thinks: UIKit finishes what it animates, and some time passes.
  func pause() {
    uikit.runLoop.settle()
    uikit.runLoop.advance(by: random.within(300...5000))
  }

  /// A quick second tap, while an animation started by the first one still runs.
  func quickTap() { uikit.runLoop.advance(by: random.within(30...150)) }

  // MARK: What is on screen

  /// The controller the user sees and touches: the deepest shown child of the top-most
  /// presented controller (or of the window's root).
  var front: SimViewController? {
    (uikit.topPresented ?? uikit.root).map(leaf)
  }

  /// The deepest shown child of `vc` (a split view's detail pane).
  func leaf(_ vc: SimViewController) -> SimViewController {
    vc.shownChildren.last.map(leaf) ?? vc
  }

  /// The navigation controller whose top the user sees, if any.
  var frontNavigation: SimNavigationController? {
    front.flatMap { $0.parent as? SimNavigationController }
  }

  // MARK: Everyday pieces every app uses

  /// The device turns to another orientation (only when nothing animates, so that the outcome
  /// is UIKit's well-known one).
  @discardableResult
  func turnDevice() -> Bool {
    guard uikit.isQuietForRotation, uikit.heldUnsupportedShown == nil else { return false }
    let next = random.weighted([
      (DeviceOrientation.portrait, 32), (.landscapeLeft, 25), (.landscapeRight, 20), (.faceUp, 12),
      (.portraitUpsideDown, 4), (.faceDown, 7),
    ])
    guard next != uikit.device else { return false }
    uikit.turnDevice(to: next)
    return true
  }

  /// Back to the previous screen: the back button, or (iOS 7+) the edge swipe, sometimes let
  /// go early.
  func goBack(_ navigation: SimNavigationController) {
    guard navigation.stack.count > 1 else { return }
    removed = navigation.top
    if random.chance(20) {
      uikit.interactivePop(navigation, cancelled: random.chance(30))
    } else {
      uikit.pop(navigation, animated: true)
    }
  }

  /// A `UIImagePickerController` (a navigation controller showing its album list).
  func imagePicker() -> SimNavigationController {
    let album = uikit.controller(
      uikit.os >= OSVersion(13) ? "PUPhotoPickerHostViewController" : "PUUIAlbumListViewController")
    return uikit.navigation("UIImagePickerController", stack: [album])
  }

  /// A `UIAlertController` (iOS 8+), presented with its own custom presentation.
  func presentAlert(from source: SimViewController) {
    uikit.present(uikit.controller("UIAlertController"), from: source, style: .custom, animated: true)
  }

  /// Closes the top-most presentation the way the app's code or its user does: a tap on an
  /// alert's button, a swipe on a sheet, or a dismiss sent to one of the controllers UIKit
  /// routes to it — the presented controller, a child of it, the presenter or any controller of
  /// the presenter's family (a child, one lower in a navigation stack).
  func closeTop(_ top: SimViewController) {
    if top.className == "UIAlertController" {
      return uikit.dismiss(from: top, animated: true)
    }
    if top.modal?.userDismissible == true, random.chance(30) {
      return uikit.userDismissesTopPresentation(cancelled: random.chance(25))
    }
    let receivers = dismissReceivers(of: top)
    guard !receivers.isEmpty else { return }
    uikit.dismiss(from: random.pick(receivers), animated: random.chance(85), completion: random.chance(40))
    removed = top
  }

  /// The controllers a dismiss can be sent to so that `target` and what it presents go.
  func dismissReceivers(of target: SimViewController) -> [SimViewController] {
    guard let presenter = target.presenter else { return [] }
    let candidates = target.family + presenter.familyRoot.family
    return candidates.filter { uikit.dismissRoute(from: $0)?.target === target }
  }

  /// Closes every presentation at once from the bottom of the chain ("dismisses its immediate
  /// child view controller and all view controllers above that child"), when the ones in the
  /// middle are already off screen.
  @discardableResult
  func closeAll() -> Bool {
    guard let root = uikit.root, let first = root.presentedChain.first, root.presentedChain.count > 1 else {
      return false
    }
    let shown = uikit.screen(forwardedOnly: true)
    let middle = root.presentedChain.dropLast().flatMap(\.family)
    guard !middle.contains(where: shown.contains) else { return false }
    let receivers = root.family.filter { uikit.dismissRoute(from: $0)?.target === first }
    guard !receivers.isEmpty else { return false }
    uikit.dismiss(from: random.pick(receivers), animated: true, completion: random.chance(40))
    return true
  }
}
