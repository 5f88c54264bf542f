import TraceModel

/// Navigation stacks and tabs.
extension SimApplication {
  /// Milliseconds a push or pop animates.
  static let navigationDuration = 350

  /// `nav.pushViewController(vc, animated:)`. A controller already in the stack raises
  /// NSInvalidArgumentException "Pushing the same view controller instance more than once is
  /// not supported" (https://github.com/artsy/eigen/issues/2188).
  func push(_ vc: SimViewController, on nav: SimNavigationController, animated: Bool) {
    beginAppCall()
    let line = recorder.event(.push, vc: vc) {
      $0.name("nav", nav.address)
      $0.flag("animated", animated)
    }
    if nav.stack.contains(where: { $0 === vc }) {
      recorder.expect(.pushSameInstance, at: line)
      return crash()
    }
    changeScreen(animated: animated, duration: Self.navigationDuration) { nav.adopt(vc) }
  }

  /// `nav.popViewController(animated:)`: the top goes, the one below shows again. UIKit does
  /// not decide the orientation again on a pop (the iOS 6 release notes list the triggers:
  /// rotation, full-screen presentation; see supportedInterfaceOrientations).
  func pop(_ nav: SimNavigationController, animated: Bool) {
    beginAppCall()
    guard nav.stack.count > 1, let top = nav.top else { return }
    let line = recordPop(nav, top, animated: animated)
    let shown = changeScreen(animated: animated, duration: Self.navigationDuration) { nav.abandon(top) }
    holdIfShownUnsupported(shown, at: line)
  }

  /// The user swipes back from the left edge. The gesture calls popViewController(animated:);
  /// released early, it is cancelled: "Current viewWillDisappear, New viewWillAppear, New
  /// viewWillDisappear, New viewDidDisappear, Current viewWillAppear, Current viewDidAppear",
  /// and the stack is as it was
  /// (http://wangling.me/2014/02/the-inconsistent-order-of-view-transition-events.html).
  func interactivePop(_ nav: SimNavigationController, cancelled: Bool) {
    guard cancelled else { return pop(nav, animated: true) }
    beginAppCall()
    guard nav.stack.count > 1, let top = nav.top else { return }
    recordPop(nav, top, animated: true)
    let current = screen(forwardedOnly: true, from: top)
    let below = screen(forwardedOnly: true, from: nav.stack[nav.stack.count - 2])
    for vc in current.pre { send(.viewWillDisappear, to: vc, animated: true) }
    for vc in below.pre { send(.viewWillAppear, to: vc, animated: true) }
    runLoop.schedule(after: 250) { [self] in
      for vc in below.pre { send(.viewWillDisappear, to: vc, animated: true) }
      for vc in below.post { send(.viewDidDisappear, to: vc, animated: true) }
      for vc in current.pre { send(.viewWillAppear, to: vc, animated: true) }
      for vc in current.post { send(.viewDidAppear, to: vc, animated: true) }
    }
  }

  @discardableResult
  private func recordPop(_ nav: SimNavigationController, _ top: SimViewController, animated: Bool) -> Int {
    recorder.event(.pop, vc: top) {
      $0.name("nav", nav.address)
      $0.flag("animated", animated)
    }
  }

  /// `nav.setViewControllers(stack, animated:)` (and popToRootViewController, which a hooked
  /// recorder logs the same way).
  func setStack(_ stack: [SimViewController], of nav: SimNavigationController, animated: Bool) {
    beginAppCall()
    let line = recorder.setViewControllers(of: nav, stack)
    let shown = changeScreen(animated: animated, duration: Self.navigationDuration) {
      for old in nav.stack where !stack.contains(where: { $0 === old }) { nav.abandon(old) }
      nav.children = stack
      for vc in stack { vc.parent = nav }
    }
    holdIfShownUnsupported(shown, at: line)
  }

  /// The user taps a tab (UIKit sets selectedViewController, which the recorder logs).
  func select(tab index: Int, of tabBar: SimTabBarController) {
    beginAppCall()
    guard tabBar.children.indices.contains(index), index != tabBar.selectedIndex else { return }
    let line = recorder.event(.selectTab, vc: tabBar.children[index]) { $0.name("tab", tabBar.address) }
    let shown = changeScreen(animated: false) { tabBar.selectedIndex = index }
    holdIfShownUnsupported(shown, at: line)
  }

  /// `tabBar.setViewControllers(tabs, animated:)`: "the tab bar controller remembers the view
  /// controller object that was previously selected and attempts to reselect it. If the
  /// selected view controller is no longer present, it attempts to select the view controller
  /// at the same index in the array as the previous selection. If that index is invalid, it
  /// selects the view controller at index 0."
  /// (https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers)
  func setTabs(_ tabs: [SimViewController], of tabBar: SimTabBarController) {
    beginAppCall()
    let line = recorder.setViewControllers(of: tabBar, tabs)
    let previous = tabBar.selected
    let shown = changeScreen(animated: false) {
      for old in tabBar.children where !tabs.contains(where: { $0 === old }) { tabBar.abandon(old) }
      tabBar.children = tabs
      for tab in tabs { tab.parent = tabBar }
      if let previous, let kept = tabs.firstIndex(where: { $0 === previous }) {
        tabBar.selectedIndex = kept
      } else if !tabs.indices.contains(tabBar.selectedIndex) {
        tabBar.selectedIndex = 0
      }
    }
    holdIfShownUnsupported(shown, at: line)
  }
}
