import TraceModel

/// What is on screen, and the appearance callbacks UIKit sends when it changes.
extension SimApplication {
  /// Controllers in the window's tree order: `pre` lists parents before their children (the
  /// order of will- callbacks), `post` children before parents (did- callbacks: a container's
  /// viewDidAppear follows its child's, e.g. http://vastdevblog.vast.com/blog/2012/04/08/uiviewcontroller-life-cycle/).
  struct ScreenOrder {
    var pre: [SimViewController] = []
    var post: [SimViewController] = []
    var members: Set<ObjectIdentifier> = []

    func contains(_ vc: SimViewController) -> Bool { members.contains(ObjectIdentifier(vc)) }
  }

  /// The controllers whose views are in the window (or below `start`). With `forwardedOnly`,
  /// only those UIKit sends appearance callbacks to itself: not below a container that
  /// forwards by hand, nor a legacy view added by hand — though what such a view's controller
  /// presents is UIKit's.
  func screen(forwardedOnly: Bool, from start: SimViewController? = nil) -> ScreenOrder {
    var order = ScreenOrder()
    if let start { visit(start, &order, forwardedOnly: forwardedOnly) }
    guard start == nil, let root else { return order }
    visit(root, &order, forwardedOnly: forwardedOnly)
    for legacy in detached where legacy.host.map(order.contains) == true {
      if !forwardedOnly {
        order.pre.append(legacy)
        order.post.append(legacy)
        order.members.insert(ObjectIdentifier(legacy))
      }
      if let presented = legacy.presented, legacy.transition != .dismissing {
        visit(presented, &order, forwardedOnly: forwardedOnly)
      }
    }
    return order
  }

  private func visit(_ vc: SimViewController, _ order: inout ScreenOrder, forwardedOnly: Bool) {
    let shownPresented = vc.presented.flatMap { vc.transition == .dismissing ? nil : $0 }
    if let presented = shownPresented, presented.modal?.removesPresenterViews == true {
      visit(presented, &order, forwardedOnly: forwardedOnly)
      return
    }
    order.pre.append(vc)
    order.members.insert(ObjectIdentifier(vc))
    if vc.forwardsAppearance || !forwardedOnly {
      for child in vc.shownChildren { visit(child, &order, forwardedOnly: forwardedOnly) }
    }
    order.post.append(vc)
    if let presented = shownPresented { visit(presented, &order, forwardedOnly: forwardedOnly) }
  }

  /// Whether `vc`'s view is in the window: in the tree on screen, or a legacy view added by
  /// hand into a view that is.
  func isInWindow(_ vc: SimViewController) -> Bool {
    screen(forwardedOnly: false).contains(vc)
  }

  /// Performs `change` to the controller tree and sends the callbacks UIKit sends for it: the
  /// will- callbacks now (those leaving first, unless `enteringFirst`), the did- callbacks when
  /// the animation ends (`duration` ms, or the next run-loop turn without animation), then
  /// `finished`. Returns the controllers that came on screen.
  @discardableResult
  func changeScreen(
    animated: Bool, duration: Int = 350, enteringFirst: Bool = false, excluding silent: [SimViewController] = [],
    _ change: () -> Void, finished: @escaping () -> Void = {}
  ) -> [SimViewController] {
    let before = screen(forwardedOnly: true)
    change()
    let after = screen(forwardedOnly: true)
    let quiet = Set(silent.map(ObjectIdentifier.init))
    let leaving = before.pre.filter { !after.contains($0) && !quiet.contains(ObjectIdentifier($0)) }
    let leavingPost = before.post.filter { !after.contains($0) && !quiet.contains(ObjectIdentifier($0)) }
    let entering = after.pre.filter { !before.contains($0) }
    let enteringPost = after.post.filter { !before.contains($0) }
    let wills = enteringFirst ? [(entering, true), (leaving, false)] : [(leaving, false), (entering, true)]
    for (group, appearing) in wills {
      for vc in group { send(appearing ? .viewWillAppear : .viewWillDisappear, to: vc, animated: animated) }
    }
    let dids =
      enteringFirst ? [(enteringPost, true), (leavingPost, false)] : [(leavingPost, false), (enteringPost, true)]
    let generations = dids.map { group in group.0.map(\.appearanceGeneration) }
    runLoop.schedule(after: animated ? duration : 0) { [self] in
      guard !crashed else { return }
      for ((group, appearing), started) in zip(dids, generations) {
        for (vc, generation) in zip(group, started) where vc.appearanceGeneration == generation {
          send(appearing ? .viewDidAppear : .viewDidDisappear, to: vc, animated: animated)
        }
      }
      finished()
    }
    return entering
  }

  /// UIKit sends `callback` to `vc`: recorded, checked against `vc`'s state (unless the fault
  /// was already judged where it was made), then handed to the app's code.
  func send(
    _ callback: AppearanceCallback, to vc: SimViewController, animated: Bool, byUIKit: Bool = true, judged: Bool = false
  ) {
    let line = recorder.event(callback.eventName, vc: vc) { $0.flag("animated", animated) }
    if !vc.appearance.allows(callback), !judged {
      recorder.expect(.unbalancedAppearance, at: line)
      if byUIKit { uikitBreaches += 1 }
    }
    vc.appearance = AppearState(after: callback)
    vc.lastAppearanceLine = line
    if callback.begins { vc.appearanceGeneration += 1 }
    inTransition[ObjectIdentifier(vc)] = callback.begins ? vc : nil
    vc.received(callback, in: self)
  }

  /// The app calls an appearance method itself (the pre-iOS 5 way of showing a view added by
  /// hand; UIKit prints nothing for it, but the controller's state moves all the same).
  func handCall(_ callback: AppearanceCallback, to vc: SimViewController, animated: Bool = true) {
    beginAppCall()
    send(callback, to: vc, animated: animated, byUIKit: false)
  }
}

extension AppearanceCallback {
  var eventName: EventName {
    switch self {
    case .viewWillAppear: .viewWillAppear
    case .viewDidAppear: .viewDidAppear
    case .viewWillDisappear: .viewWillDisappear
    case .viewDidDisappear: .viewDidDisappear
    }
  }
}
