import TraceModel

/// A refusal the model decided but the callbacks that follow may still refute: UIKit's answer
/// to an app call shows in the callbacks after it, so the finding waits for them.
enum HeldFinding {
  /// A present UIKit drops with a warning. `needsConfirmation`: the presenter was placed but
  /// never appeared yet (presented from viewDidLoad); only its later appearance confirms it.
  case refusedPresent(RefusedPresent)
  /// A push of a controller already in the stack (UIKit throws).
  case duplicatePush(line: Int, vc: ObjectID, nav: ObjectID)
  /// A device rotation UIKit refused.
  case rejectedRotation(line: Int, device: DeviceOrientation, wanted: InterfaceOrientation, reason: RotationRefusal)
  /// A controller shown in an orientation it does not support; the app may still ask UIKit to
  /// decide again (setNeedsUpdateOfSupportedInterfaceOrientations) as it appears.
  case unsupportedShown(
    line: Int, vc: ObjectID, orientation: InterfaceOrientation, mask: OrientationMask, cause: EventName)
}

/// A present the model thinks UIKit dropped, with what it needs to perform it after all.
struct RefusedPresent {
  var line: Int
  var source: ObjectID
  var vc: ObjectID
  var handler: ObjectID
  var style: EffectiveStyle
  var animated: Bool
  var reason: PresentRefusal
  var needsConfirmation = false
  var confirmed = false
}

/// Reconciling the model with the trace: later callbacks end, confirm or refute what it decided.
extension SessionModel {
  /// Callbacks and answers: what UIKit did or asked as a consequence of the app's last call.
  /// Every other event is a new app call, before which held findings are settled.
  static func isConsequence(_ payload: EventPayload) -> Bool {
    switch payload {
    case .appearance, .beginAppearanceTransition, .endAppearanceTransition, .presentCompleted, .dismissCompleted,
      .willRotate, .willAnimateRotation, .didRotate, .viewWillTransitionToSize, .supportedInterfaceOrientations,
      .shouldAutorotate, .preferredInterfaceOrientation, .definesPresentationContext, .windowMask, .console, .unknown,
      .setNeedsUpdateOfSupportedInterfaceOrientations, .requestGeometryUpdate, .dealloc, .dropped:
      true
    default:
      false
    }
  }

  /// Reports the held findings nothing refuted.
  func releaseHeld() {
    let findings = held
    held.removeAll()
    for finding in findings {
      switch finding {
      case .refusedPresent(let refused):
        if refused.needsConfirmation && !refused.confirmed { continue }
        observe(
          .presentRefused(source: refused.source, vc: refused.vc, handler: refused.handler, reason: refused.reason),
          at: refused.line)
      case .duplicatePush(let line, let vc, let nav):
        observe(.pushedTwice(vc: vc, nav: nav), at: line)
      case .rejectedRotation(let line, let device, let wanted, let reason):
        observe(.rotationRejected(device: device, wanted: wanted, reason: reason), at: line)
      case .unsupportedShown(let line, let vc, let orientation, let mask, let cause):
        guard interfaceOrientation == orientation else { continue }
        observe(.unsupportedOrientationShown(vc: vc, orientation: orientation, mask: mask, cause: cause), at: line)
      }
    }
  }

  /// `vc` appears: a present or push the model thought refused went through after all, and a
  /// presenter that had not appeared yet confirms it was not in the window.
  func appearanceRefutesHeld(_ vc: ObjectID) {
    for index in held.indices.reversed() {
      switch held[index] {
      case .refusedPresent(var refused):
        if refused.handler == vc, refused.needsConfirmation, !refused.confirmed {
          refused.confirmed = true
          held[index] = .refusedPresent(refused)
          unlink(refused.vc, from: refused.handler)
        } else if refused.vc == vc, refused.needsConfirmation, !refused.confirmed {
          held.remove(at: index)
        } else if refused.vc == vc {
          held.remove(at: index)
          observe(
            .modelDisagreement(
              .refusedPresentAppeared(
                vc: vc, handler: refused.handler, refusal: refused.reason, refusedAt: refused.line)))
          link(vc, presentedBy: refused.handler, from: refused.source, style: refused.style, animated: false)
        }
      case .duplicatePush(let line, let pushed, let nav) where pushed == vc:
        held.remove(at: index)
        observe(.modelDisagreement(.duplicatePushAppeared(vc: vc, nav: nav, pushedAt: line)))
        detach(vc)
        attach(vc, to: nav)
      default:
        continue
      }
    }
  }

  /// A rotation callback for `to` (or from the current orientation): UIKit rotated after all.
  /// Returns true when it refuted a held rejection.
  func rotationRefutesHeld(_ vc: ObjectID, to: InterfaceOrientation?, from: InterfaceOrientation?) -> Bool {
    for index in held.indices {
      guard case .rejectedRotation(let line, _, let wanted, let reason) = held[index],
        to == wanted || (from != nil && from == interfaceOrientation)
      else { continue }
      held.remove(at: index)
      observe(.modelDisagreement(.rejectedRotationHappened(vc: vc, to: wanted, refusal: reason, rejectedAt: line)))
      rotate(to: wanted)
      return true
    }
    return false
  }

  /// Takes back a present the model performed before the trace showed UIKit refused it.
  private func unlink(_ vc: ObjectID, from handler: ObjectID) {
    guard self[vc].presenter == handler else { return }
    if self[handler].presented == vc { self[handler].presented = nil }
    if self[handler].transition?.controller == vc { self[handler].transition = nil }
    self[vc].presenter = nil
    self[vc].presentedFrom = nil
    self[vc].style = nil
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
    for child in state.children where self[child].parent == vc { self[child].parent = nil }
    if let presenter = state.presenter, self[presenter].presented == vc { self[presenter].presented = nil }
    if let presented = state.presented, self[presented].presenter == vc { self[presented].presenter = nil }
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
    self[vc] = ControllerState()
  }
}
