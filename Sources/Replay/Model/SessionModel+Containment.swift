import TraceModel

/// Windows, containment and UIKit's containers.
extension SessionModel {
  /// `window.rootViewController = vc`: the window's controller tree changes, so orientation is
  /// decided again (and UIKit checks the new root has an orientation in common with the app).
  func setRoot(_ vc: ObjectID, window: ObjectID) {
    place(vc)
    let index = windowIndex(window)
    if let old = windows[index].root, old != vc { self[old].rootOfWindow = nil }
    detach(vc)
    windows[index].root = vc
    self[vc].rootOfWindow = window
    requestOrientationDecision(.deciderChanged(cause: .setRoot(window: window), line: line))
  }

  /// `addChildViewController:` (C1, C3): UIKit calls willMove itself, the app must call
  /// didMove; UIKit's own containers call both themselves.
  func addChild(_ vc: ObjectID, to parent: ObjectID) {
    touch(parent)
    place(vc)
    if self[vc].parent == parent { return }
    attach(vc, to: parent)
    if kind(parent)?.isSystemContainer != true { self[vc].pendingDidMove = (parent, line) }
  }

  /// `willMoveToParentViewController:`; with nil, the app announces a removal (C2).
  func willMove(_ vc: ObjectID, to parent: ObjectID?) {
    touch(vc)
    if parent == nil { self[vc].willMoveToNil = true }
  }

  /// `didMoveToParentViewController:`; with the new parent, it completes an `addChild` (C1).
  func didMove(_ vc: ObjectID, to parent: ObjectID?) {
    touch(vc)
    if let parent, self[vc].pendingDidMove?.parent == parent { self[vc].pendingDidMove = nil }
  }

  /// `removeFromParentViewController` (C2): the app must have called willMove(nil) first, and
  /// the child must have had its didMove. UIKit's containers manage this themselves (C4).
  func removeFromParent(_ vc: ObjectID) {
    touch(vc)
    guard let parent = self[vc].parent else { return }
    if kind(parent)?.isSystemContainer != true {
      reportPendingDidMove(vc, .removed)
      if !self[vc].willMoveToNil { observe(.willMoveMissing(vc: vc, parent: parent)) }
    }
    detach(vc)
  }

  /// A child whose didMove never came is being used: report it once.
  func reportPendingDidMove(_ vc: ObjectID, _ moment: DidMoveMoment) {
    guard let pending = self[vc].pendingDidMove else { return }
    observe(.didMoveMissing(vc: vc, parent: pending.parent, addedAt: pending.line, moment: moment))
    self[vc].pendingDidMove = nil
  }

  /// `pushViewController:animated:`; UIKit throws when `vc` is already in that stack.
  func push(_ vc: ObjectID, on nav: ObjectID) {
    touch(nav)
    if self[vc].parent == nav {
      held.append(.duplicatePush(line: line, vc: vc, nav: nav))
      return
    }
    place(vc)
    attach(vc, to: nav)
  }

  /// Pops the top controller. UIKit does not decide orientation again (O4).
  func pop(_ nav: ObjectID, expected: ObjectID?) {
    touch(nav)
    let stack = self[nav].children
    guard let top = stack.last, stack.count > 1 || expected == top else { return }
    detach(top)
    self[top].poppedFrom = nav
    checkShownOrientation(after: .pop, from: nav)
  }

  /// A navigation stack or the tabs replaced.
  func setViewControllers(_ vcs: [ObjectID], of container: ObjectID) {
    touch(container)
    let old = self[container].children
    let selected = self[container].selectedChild ?? old.first
    for child in old {
      if vcs.contains(child) { self[child].parent = nil } else { detach(child) }
    }
    self[container].children = []
    for vc in vcs {
      place(vc)
      attach(vc, to: container)
    }
    if kind(container) == .tabBar, let selected {
      self[container].selectedChild = reselection(of: selected, at: old.firstIndex(of: selected), in: vcs)
    } else if let selected = self[container].selectedChild, !vcs.contains(selected) {
      self[container].selectedChild = nil
    }
    checkShownOrientation(after: .setViewControllers, from: container)
  }

  /// The tab a tab bar controller selects when its view controllers are replaced: "it attempts
  /// to reselect [the previously selected one]. If the selected view controller is no longer
  /// present, it attempts to select the view controller at the same index in the array as the
  /// previous selection. If that index is invalid, it selects the view controller at index 0"
  /// (https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers).
  private func reselection(of selected: ObjectID, at index: Int?, in vcs: [ObjectID]) -> ObjectID? {
    if vcs.contains(selected) { return selected }
    if let index, vcs.indices.contains(index) { return vcs[index] }
    return vcs.first
  }

  /// A tab bar controller selects a tab. UIKit does not decide orientation again (O4).
  func select(_ vc: ObjectID, in tab: ObjectID) {
    touch(tab)
    if self[vc].parent != tab {
      place(vc)
      attach(vc, to: tab)
    }
    self[tab].selectedChild = vc
    shownContentChanged(below: tab)
    checkShownOrientation(after: .selectTab, from: tab)
  }

  /// `transitionFromViewController:toViewController:` (C5): both must be children of the
  /// receiver, else UIKit throws and nothing happens.
  func transition(in parent: ObjectID, from: ObjectID, to: ObjectID) {
    touch(parent)
    touch(from)
    touch(to)
    guard self[from].parent == parent, self[to].parent == parent else {
      observe(.transitionWithoutCommonParent(parent: parent, from: from, to: to))
      return
    }
    reportPendingDidMove(from, .used)
    self[from].isViewRemoved = true
    self[to].isViewRemoved = false
    shownContentChanged(below: parent)
    checkShownOrientation(after: .transition, from: parent)
  }
}
