import TraceModel

/// The controller tree: who contains whom, and which controllers UIKit has on screen.
extension SessionModel {
  /// The top of `vc`'s parent chain (itself when it has no parent).
  package func root(of vc: ObjectID) -> ObjectID {
    var root = vc
    for ancestor in ancestors(of: vc) { root = ancestor }
    return root
  }

  /// `vc` itself or one of its parents, nearest first (at most ``deepestChain``).
  package func ancestors(of vc: ObjectID) -> some Sequence<ObjectID> {
    walk(from: vc) { self[$0].parent }
  }

  /// The controller that holds `vc` on screen: its parent, else its presenter.
  func holder(of vc: ObjectID) -> ObjectID? {
    let state = self[vc]
    return state.parent ?? state.presenter
  }

  /// True when `ancestor` is `vc` or one of its parents.
  package func isAncestor(_ ancestor: ObjectID, of vc: ObjectID) -> Bool {
    ancestors(of: vc).contains(ancestor)
  }

  /// Whether UIKit has `vc`'s view in a window: it is a window's root, a visible child of a
  /// visible container (the top of a navigation stack, the selected tab), presented by a
  /// controller in a window, or the content of a visible popover. Covering by a full-screen
  /// presentation is ``isCovered(_:)``.
  package func isInWindow(_ vc: ObjectID) -> Bool {
    for current in walk(from: vc, step: holder(of:)) {
      let state = self[current]
      if let parent = state.parent {
        guard isShownChild(current, of: parent) else { return false }
      } else if state.rootOfWindow != nil {
        return true
      } else if let popover = state.shownInPopover {
        return popovers[popover]?.isVisible == true
      } else if state.presenter == nil {
        return false
      }
    }
    return false
  }

  /// Whether `child`'s view is the one its container shows.
  func isShownChild(_ child: ObjectID, of parent: ObjectID) -> Bool {
    let container = self[parent]
    switch kind(parent) {
    case .navigation?, .imagePicker?: return container.children.last == child
    case .tabBar?: return (container.selectedChild ?? container.children.first) == child
    default: return !self[child].isViewRemoved
    }
  }

  /// Whether a completed presentation that removes the presenter's views hides `vc`: some
  /// controller from `vc` up presents full screen or over its context.
  package func isCovered(_ vc: ObjectID) -> Bool {
    for ancestor in ancestors(of: vc) {
      guard let presented = self[ancestor].presented else { continue }
      let transition = self[ancestor].transition
      if self[presented].style?.coversPresenter == true, transition?.kind != .presenting { return true }
    }
    return false
  }

  /// On screen: in a window and not covered.
  package func isOnScreen(_ vc: ObjectID) -> Bool { isInWindow(vc) && !isCovered(vc) }

  /// Whether the model can tell that `vc` is not on screen: it was placed somewhere and is now
  /// off screen, and its own callbacks do not say it appeared by other means (views
  /// inserted by hand).
  func isKnownOffScreen(_ vc: ObjectID) -> Bool {
    let state = self[vc]
    guard state.isKnown, state.appearance?.isVisible != true else { return false }
    return !isOnScreen(vc)
  }

  /// Puts `child` under `parent` (taking it from a previous parent first, as UIKit does).
  /// The parent chains stay free of cycles, whatever the trace says: a controller is never its
  /// own parent, and when the trace puts `child` under one of its own descendants, that
  /// descendant's branch has left `child`'s tree (UIKit's view hierarchy cannot hold a cycle),
  /// so the model takes it out first.
  func attach(_ child: ObjectID, to parent: ObjectID) {
    guard child != parent else { return }
    if let previous = self[child].parent {
      if previous == parent { return }
      detach(child)
    }
    if let branch = ancestors(of: parent).first(where: { self[$0].parent == child }) { detach(branch) }
    self[child].parent = parent
    self[child].poppedFrom = nil
    self[child].isViewRemoved = false
    self[parent].children.append(child)
    shownContentChanged(below: parent)
    noteDepth(of: child)
  }

  /// Takes `child` out of its parent.
  func detach(_ child: ObjectID) {
    guard let parent = self[child].parent else { return }
    self[parent].children.removeAll { $0 == child }
    if self[parent].selectedChild == child { self[parent].selectedChild = nil }
    self[child].parent = nil
    self[child].pendingDidMove = nil
    self[child].willMoveToNil = false
    shownContentChanged(below: parent)
  }

  /// What `container` and its ancestors show changed at this line.
  func shownContentChanged(below container: ObjectID) {
    for ancestor in ancestors(of: container) { self[ancestor].shownContentLine = line }
  }

  /// A controller that is being placed somewhere new: if the model never saw it, it starts
  /// disappeared (its appearance callbacks are about to come).
  func place(_ vc: ObjectID) {
    touch(vc)
    if self[vc].appearance == nil {
      noteShownChange(vc)
      self[vc].appearance = .disappeared
    }
  }

  /// The chain of controllers shown from `top` down: the top of each navigation stack, the
  /// selected tab, the only child of a custom container.
  func shownChain(from top: ObjectID) -> some Sequence<ObjectID> {
    walk(from: top, step: onlyShownChild(of:))
  }

  /// The one child `vc` shows, when it shows exactly one.
  func onlyShownChild(of vc: ObjectID) -> ObjectID? {
    let state = self[vc]
    switch kind(vc) {
    case .navigation?, .imagePicker?: return state.children.last
    case .tabBar?: return state.selectedChild ?? state.children.first
    default:
      var shown: ObjectID?
      for child in state.children where !self[child].isViewRemoved {
        if shown != nil { return nil }
        shown = child
      }
      return shown
    }
  }
}

extension SessionModel {
  /// Warns once per session when `vc`, just placed under a parent or presented, is deeper than
  /// the walks follow: more than ``deepestChain`` controllers from it up through parents and
  /// presenters. Counts at most one controller past the bound.
  func noteDepth(of vc: ObjectID) {
    guard !warnedAboutDepth else { return }
    var depth = 0
    for _ in HierarchyWalk(first: vc, limit: Self.deepestChain + 1, step: holder(of:)) { depth += 1 }
    guard depth > Self.deepestChain else { return }
    warnedAboutDepth = true
    warnings.append(
      IngestIssue(
        .hierarchyTooDeep, line: line,
        "the controller hierarchy is deeper than \(Self.deepestChain) levels at this line (containment and "
          + "presentations); traceq follows \(Self.deepestChain) levels, so findings about controllers deeper than "
          + "that may be wrong; if the app really nests controllers this deep, UIKit walks the same chains on every "
          + "appearance and rotation: replace levels instead of adding them (setViewControllers, dismiss before "
          + "presenting again) and record the scenario again"))
  }
}
