import TraceModel

/// The trace is what UIKit did: appearance callbacks say what is on screen and when a
/// transition is over. Where they contradict the model's state, the model repairs itself from
/// them, and says so once with a `model-disagreement` note.
extension SessionModel {
  /// An appearance callback ends the presentation transitions it completes, whoever it names:
  /// the presented controller (or one inside it) appearing ends its presentation; a controller
  /// a dismissal moves (the top-most of a dismissed stack included) disappearing, or the
  /// presenter it reveals appearing, ends the dismissal.
  func callbackEndsTransitions(_ vc: ObjectID, _ callback: AppearanceCallback) {
    guard openTransitions > 0 else { return }
    switch callback {
    case .viewDidAppear:
      presentationCompleted(vc)
      for ancestor in ancestors(of: vc) where self[ancestor].transition?.kind == .dismissing {
        return endTransition(of: ancestor)
      }
    case .viewDidDisappear:
      for ancestor in ancestors(of: vc) {
        if let handler = self[ancestor].dismissedBy, self[handler].transition?.kind == .dismissing {
          return endTransition(of: handler)
        }
      }
    case .viewWillAppear, .viewWillDisappear:
      break
    }
  }

  /// `vc` starts appearing, so UIKit has it on screen. Where the model believes otherwise — a
  /// presentation it ended, another tab selected — it takes the trace's word.
  func repairShown(_ vc: ObjectID) {
    if let tab = self[vc].parent {
      // A tab the user tapped is selected inside UIKit (`_setSelectedViewController:`), with no
      // call the recorder sees: its appearance is how the trace tells, and no disagreement.
      if kind(tab) == .tabBar, !isShownChild(vc, of: tab) { self[tab].selectedChild = vc }
    } else if let dismissedAt = self[vc].presentationEndLine {
      representDismissed(vc, dismissedAt: dismissedAt)
    }
  }

  /// `vc` was presented and the model ended that presentation at `dismissedAt`: UIKit still
  /// presents it, from the controller that presents for its source.
  private func representDismissed(_ vc: ObjectID, dismissedAt: Int) {
    let state = self[vc]
    guard state.rootOfWindow == nil, state.shownInPopover == nil, let source = state.presentedFrom,
      let style = state.style
    else { return }
    let handler = presentingController(for: source, style: style)
    guard !isAncestor(vc, of: handler) else { return }
    if let other = self[handler].presented {
      // What the model has it present instead never appeared since: that belief is the stale one.
      guard self[other].appearance?.isVisible != true else { return }
      unlinkPresentation(top: other, handler: handler, animated: false)
    }
    if self[handler].transition != nil { endTransition(of: handler) }
    setPresentation(vc, presentedBy: handler, from: source, style: style)
    observe(.modelDisagreement(.dismissedAppeared(vc: vc, presenter: handler, dismissedAt: dismissedAt)))
  }

  /// A presented controller disappeared with no dismiss from the app: the user swiped the
  /// sheet down or tapped outside the popover, and the presentation is over. Not when it only
  /// went under a full-screen presentation of its own.
  func endUserDismissedPresentation(_ vc: ObjectID) {
    guard let handler = self[vc].presenter, self[vc].dismissedBy == nil else { return }
    if let covering = self[vc].presented, self[covering].style?.coversPresenter == true { return }
    endPresentation(top: vc, handler: handler)
  }

  /// `vc` starts appearing again while the pop that took it off its stack runs: the user
  /// cancelled the interactive pop and it stays on top.
  func restoreCancelledPop(_ vc: ObjectID) {
    guard let nav = self[vc].poppedFrom, self[vc].parent == nil, self[vc].appearance == .disappearing else { return }
    attach(vc, to: nav)
  }

  /// The object at `vc`'s address is gone (deallocated, or its memory reused by an object of
  /// another class): the model forgets it, and nothing refers to it any more.
  func forget(_ vc: ObjectID) {
    guard vc.offset < controllers.count, controllers[vc.offset].isKnown else { return }
    let state = self[vc]
    detach(vc)
    if state.transition != nil { endTransition(of: vc) }
    if let presenter = state.presenter, self[presenter].transition?.controller == vc { endTransition(of: presenter) }
    for child in state.children where self[child].parent == vc { self[child].parent = nil }
    if let presenter = state.presenter, self[presenter].presented == vc { self[presenter].presented = nil }
    if let presented = state.presented, self[presented].presenter == vc {
      noteShownChange(presented)
      self[presented].presenter = nil
    }
    if let window = state.rootOfWindow {
      let index = windowIndex(window)
      if windows[index].root == vc { windows[index].root = nil }
    }
    if let popover = state.shownInPopover { popovers[popover]?.content = nil }
    held.removeAll { finding in
      switch finding {
      case .refusedPresent(let refused): refused.vc == vc || refused.handler == vc
      case .duplicatePush(_, let pushed, _), .unsupportedShown(_, let pushed, _, _, _): pushed == vc
      case .rejectedRotation: false
      }
    }
    reportedUnsupportedShown[vc] = nil
    noteShownChange(vc)
    self[vc] = ControllerState()
  }
}
