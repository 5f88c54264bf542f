import TraceModel

/// The window's root, view controller containment (iOS 5+) and appearance forwarding by hand.
extension SimApplication {
  /// `window.rootViewController = vc` at launch: UIKit asks it about orientation — and throws
  /// when it shares none with the app (`-[UIWindow setRootViewController:]` in the stack of
  /// https://github.com/calimarkus/JDStatusBarNotification/issues/105) — then shows it.
  func setRoot(_ vc: SimViewController) {
    beginAppCall()
    let line = recorder.event(.setRoot, vc: vc)
    if let windowMask { recorder.event(.windowMask) { $0.mask("mask", windowMask) } }
    if usesControllerMasks {
      let autorotates = ask(vc)
      if throwsForNoCommonOrientation(vc, autorotates: autorotates, at: line) { return }
      let mask = vc.effectiveMask.intersection(appMask)
      if !mask.isEmpty, !mask.contains(interface) { interface = orientation(within: mask, for: vc) }
    }
    changeScreen(animated: false) { root = vc }
  }

  /// UIKit's own containers add their children with addChild, which a hooked recorder logs
  /// with the willMove(toParent:) it sends and the didMove(toParent:) that follows (a split
  /// view's panes; the format has no other record of them).
  func embed(_ children: [SimViewController], in container: SimViewController) {
    for child in children {
      recorder.event(.addChild, vc: child) { $0.name("parent", container.address) }
      recorder.event(.willMoveToParent, vc: child) { $0.name("parent", container.address) }
      container.adopt(child)
      recorder.event(.didMoveToParent, vc: child) { $0.name("parent", container.address) }
    }
  }

  /// `container.addChild(child)`: it "calls the willMove(toParent:) method" itself, but not
  /// didMove(toParent:), which the container must call
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:)).
  func addChild(_ child: SimViewController, to container: SimContainerViewController) {
    beginAppCall()
    let line = recorder.event(.addChild, vc: child) { $0.name("parent", container.address) }
    recorder.event(.willMoveToParent, vc: child) { $0.name("parent", container.address) }
    container.adopt(child)
    child.addedAwaitingDidMove = line
    child.isLeavingParent = false
    awaitingDidMove.append(child)
  }

  /// The container calls `child.didMove(toParent: container)`.
  func didMove(_ child: SimViewController, to container: SimContainerViewController) {
    beginAppCall()
    recorder.event(.didMoveToParent, vc: child) { $0.name("parent", container.address) }
    stopAwaitingDidMove(child)
  }

  /// Forgets that `child` awaits didMove; returns whether it did.
  @discardableResult
  private func stopAwaitingDidMove(_ child: SimViewController) -> Bool {
    guard child.addedAwaitingDidMove != nil else { return false }
    child.addedAwaitingDidMove = nil
    awaitingDidMove.removeAll { $0 === child }
    return true
  }

  /// The container calls `child.willMove(toParent: nil)` before removing it.
  func willRemove(_ child: SimViewController) {
    beginAppCall()
    recorder.event(.willMoveToParent, vc: child) { $0.null("parent") }
    child.isLeavingParent = true
  }

  /// `child.removeFromParent()`: it calls didMove(toParent: nil) itself, not willMove
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/removefromparent()).
  func removeFromParent(_ child: SimViewController) {
    beginAppCall()
    let line = recorder.event(.removeFromParent, vc: child)
    if stopAwaitingDidMove(child) {
      recorder.expect(.didMoveMissing, at: line)
    } else if !child.isLeavingParent {
      recorder.expect(.willMoveMissing, at: line)
    }
    child.isLeavingParent = false
    child.parent?.abandon(child)
    recorder.event(.didMoveToParent, vc: child) { $0.null("parent") }
  }

  /// `container.transition(from:to:duration:…)`: both must be its children, or
  /// NSInvalidArgumentException "Children view controllers … must have a common parent view
  /// controller" (https://developer.apple.com/documentation/uikit/uiviewcontroller/transition(from:to:duration:options:animations:completion:),
  /// https://github.com/Awful/Awful.app/issues/213). UIKit starts the new page's appearance
  /// and the old one's disappearance before the animations and ends both after.
  func transition(in container: SimContainerViewController, from old: SimViewController, to new: SimViewController) {
    beginAppCall()
    let line = recorder.event(.transition) {
      $0.name("parent", container.address)
      $0.name("from", old.address)
      $0.name("to", new.address)
      $0.seconds("duration", thousandths: 300)
    }
    guard old.parent === container, new.parent === container else {
      recorder.expect(.transitionWithoutCommonParent, at: line)
      return crash()
    }
    if stopAwaitingDidMove(old) { recorder.expect(.didMoveMissing, at: line) }
    let shown = changeScreen(animated: true, duration: 300, enteringFirst: true) { container.current = new }
    holdIfShownUnsupported(shown, at: line)
  }

  /// `beginAppearanceTransition(_:animated:)` by a container that forwards by hand: UIKit sends
  /// the will- callback to the child and its descendants
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:)).
  /// A second begin before the end is what UIKit logs "Unbalanced calls to begin/end appearance
  /// transitions for <X>." for (https://github.com/griddynamics-archive/MMDrawerController/pull/66):
  /// the fault is that call, not the callback it still sends.
  func beginAppearanceTransition(_ child: SimViewController, appearing: Bool) {
    let line = recorder.event(.beginAppearanceTransition, vc: child) {
      $0.flag("appearing", appearing)
      $0.flag("animated", true)
    }
    let unbalanced = child.hasOpenAppearanceTransition
    if unbalanced { recorder.expect(.unbalancedAppearance, at: line) }
    child.hasOpenAppearanceTransition = true
    for vc in screen(forwardedOnly: true, from: child).pre {
      send(appearing ? .viewWillAppear : .viewWillDisappear, to: vc, animated: true, byUIKit: false, judged: unbalanced)
    }
  }

  /// `endAppearanceTransition()`: the matching did- callback, children first.
  func endAppearanceTransition(_ child: SimViewController) {
    recorder.event(.endAppearanceTransition, vc: child)
    child.hasOpenAppearanceTransition = false
    let appearing = child.appearance == .appearing
    for vc in screen(forwardedOnly: true, from: child).post {
      send(appearing ? .viewDidAppear : .viewDidDisappear, to: vc, animated: true, byUIKit: false)
    }
  }
}
