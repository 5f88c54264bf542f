import TraceModel

/// Appearance callbacks.
extension SessionModel {
  /// A callback moves the controller's state; one its state does not allow is unbalanced. A
  /// controller seen for the first time takes the state its first callback implies.
  func appearance(_ vc: ObjectID, _ callback: AppearanceCallback) {
    touch(vc)
    if callback.isAppearing {
      if self[vc].appearance == nil { adoptAsRootOfNavigation(vc) }
      if callback == .viewWillAppear, self[vc].poppedFrom != nil { restoreCancelledPop(vc) }
      if !held.isEmpty { appearanceRefutesHeld(vc) }
      repairShown(vc)
    }
    let before = self[vc].appearance ?? AppearState(before: callback)
    if !before.allows(callback) {
      observe(.unbalancedAppearance(vc: vc, callback: callback, state: before))
    }
    noteShownChange(vc)
    self[vc].appearance = AppearState(after: callback)
    if callback.begins { self[vc].appearanceLine = line }
    if callback == .viewWillAppear, kind(vc)?.hasNavigationStack == true, self[vc].children.isEmpty {
      emptyAppearingNavigations.append(vc)
    }
    callbackEndsTransitions(vc, callback)
    if callback == .viewDidDisappear {
      self[vc].poppedFrom = nil
      // Off screen: shown again in an orientation it does not support is a new finding.
      if !reportedUnsupportedShown.isEmpty { reportedUnsupportedShown[vc] = nil }
      endUserDismissedPresentation(vc)
    }
  }

  /// A navigation controller made with `initWithRootViewController:` records no push for its
  /// first controller, which then appears for the first time, outside the tree, while the
  /// navigation controller (in a window, with an empty stack) is appearing: it is that root.
  private func adoptAsRootOfNavigation(_ vc: ObjectID) {
    let state = self[vc]
    guard state.parent == nil, state.rootOfWindow == nil, state.presenter == nil, state.shownInPopover == nil else {
      return
    }
    emptyAppearingNavigations.removeAll { self[$0].appearance != .appearing || !self[$0].children.isEmpty }
    if let navigation = emptyAppearingNavigations.first(where: { $0 != vc && isInWindow($0) }) {
      attach(vc, to: navigation)
    }
  }

  /// `beginAppearanceTransition`: a second begin in the same direction while one is pending is
  /// unbalanced (A4); one in the other direction cancels the pending one (A5). The callbacks
  /// it causes are recorded on their own and drive the appearance state.
  func beginAppearanceTransition(_ vc: ObjectID, appearing: Bool) {
    touch(vc)
    if self[vc].explicitTransition == appearing {
      observe(.unbalancedAppearanceTransition(vc: vc, problem: .beganTwice(appearing: appearing)))
    }
    self[vc].explicitTransition = appearing
  }

  /// `endAppearanceTransition` with no begin pending is unbalanced (A4).
  func endAppearanceTransition(_ vc: ObjectID) {
    touch(vc)
    if self[vc].explicitTransition == nil {
      observe(.unbalancedAppearanceTransition(vc: vc, problem: .endWithoutBegin))
    }
    self[vc].explicitTransition = nil
  }

  /// At the end of a session: controllers left half-way through an appearance transition, and
  /// children still waiting for didMoveToParent; handed on to `handOn` whenever
  /// ``finishBatch`` observations wait.
  func reportUnfinished(handingOn handOn: ([ModelObservation]) -> Void) {
    for index in controllers.indices {
      handOnObservations(to: handOn, minimum: Self.finishBatch)
      let vc = ObjectID(index)
      let state = controllers[index]
      if let appearance = state.appearance, appearance.isTransitioning {
        observe(.unfinishedAppearance(vc: vc, state: appearance, since: state.appearanceLine), at: state.appearanceLine)
      }
      if let pending = state.pendingDidMove {
        observe(
          .didMoveMissing(vc: vc, parent: pending.parent, addedAt: pending.line, moment: .sessionEnd), at: pending.line)
      }
    }
  }
}
