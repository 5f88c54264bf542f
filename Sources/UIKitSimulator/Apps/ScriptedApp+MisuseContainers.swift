import TraceModel

/// The misuse that needs a screen of its own: an app's container pushed on the front
/// navigation stack, a portrait-only screen, a rotation.
extension ScriptedApp {
  /// A pager (an app's container that forwards appearance itself) pushed on the front stack,
  /// then paged with one of the documented steps left out or a stale page.
  func pageWrongly(_ misuse: Misuse) -> Bool {
    guard let navigation = frontNavigation, uikit.topPresented?.presented == nil else { return false }
    let pager = SimContainerViewController(
      address: uikit.newAddress(), className: "PagerViewController", mask: uikit.idiom.defaultMask,
      forwardsAutomatically: true, consultsPage: false)
    let first = uikit.controller("PageContentViewController")
    uikit.addChild(first, to: pager)
    pager.current = first
    uikit.didMove(first, to: pager)
    uikit.push(pager, on: navigation, animated: true)
    pause()
    let second = uikit.controller("PageContentViewController")
    if misuse != .forgetWillMove { uikit.willRemove(first) }
    uikit.addChild(second, to: pager)
    uikit.transition(in: pager, from: first, to: second)
    pause()
    if misuse != .forgetDidMove { uikit.didMove(second, to: pager) }
    uikit.removeFromParent(first)
    pause()
    let third = uikit.controller("PageContentViewController")
    uikit.willRemove(second)
    uikit.addChild(third, to: pager)
    // The fast swipe: the transition starts from the page the previous swipe removed.
    uikit.transition(in: pager, from: misuse == .transitionFromRemovedPage ? first : second, to: third)
    pause()
    uikit.didMove(third, to: pager)
    uikit.removeFromParent(second)
    return true
  }

  /// A container that forwards appearance by hand pushed on the front stack, with one of its
  /// forwarding calls forgotten.
  func forwardWrongly(_ misuse: Misuse) -> Bool {
    guard let navigation = frontNavigation, uikit.topPresented?.presented == nil else { return false }
    let container = SimContainerViewController(
      address: uikit.newAddress(), className: "DrawerViewController", mask: uikit.idiom.defaultMask,
      forwardsAutomatically: false, consultsPage: false)
    container.forgetsDisappearance = misuse == .forgetForwardingDisappearance
    container.forgetsEndOfAppearance = misuse == .forgetEndOfAppearance
    let page = uikit.controller("DrawerContentViewController")
    uikit.addChild(page, to: container)
    container.current = page
    uikit.didMove(page, to: container)
    uikit.push(container, on: navigation, animated: true)
    guard misuse == .forgetForwardingDisappearance else { return true }
    pause()
    uikit.push(uikit.controller("DetailViewController"), on: navigation, animated: true)
    pause()
    uikit.pop(navigation, animated: true)
    return true
  }

  /// A pop that shows a portrait-only screen (its answer in the trace) while the interface is
  /// in landscape, and nothing after it that rotates.
  func popToPortraitInLandscape() -> Bool {
    guard let navigation = frontNavigation, navigation.consultsTop, navigation.stack.count > 1,
      uikit.interface.isLandscape
    else { return false }
    let below = navigation.stack[navigation.stack.count - 2]
    guard let recorded = below.recordedMask, !recorded.contains(uikit.interface) else { return false }
    uikit.pop(navigation, animated: true)
    return true
  }

  /// A full-screen present of a controller with no orientation the app allows, or one that
  /// prefers an orientation it does not support (UIKit throws either way, iOS 6–15).
  func presentInImpossibleOrientation(_ misuse: Misuse) -> Bool {
    guard let front, uikit.usesControllerMasks, uikit.os < OSVersion(16), front.presentedViewController == nil else {
      return false
    }
    let player: SimViewController
    if misuse == .noCommonOrientation {
      let outside = OrientationMask.all.subtracting(uikit.appMask)
      guard !outside.isEmpty else { return false }
      player = uikit.controller("VideoPlayerViewController", mask: outside)
    } else {
      player = uikit.controller("VideoPlayerViewController", mask: .portrait)
      player.preferredOrientation = .landscapeRight
    }
    uikit.present(player, from: front, style: .fullScreen, animated: true)
    return true
  }

  /// A rotation, then willRotate forwarded by hand to a controller lower in the front stack
  /// (iOS ≤ 9, when those callbacks exist).
  func forwardRotationToHidden() -> Bool {
    guard uikit.os < OSVersion(10), let navigation = frontNavigation, navigation.stack.count > 1,
      uikit.isQuietForRotation, uikit.heldUnsupportedShown == nil, let decider = uikit.decider
    else { return false }
    let allowed = decider.effectiveMask.intersection(uikit.appMask)
    guard let target = allowed.orientations.first(where: { $0 != uikit.interface }) else { return false }
    uikit.turnDevice(to: SimApplication.device(facing: target))
    guard uikit.interface == target else { return true }
    uikit.forwardRotationByHand(to: navigation.stack[0], orientation: target)
    return true
  }
}
