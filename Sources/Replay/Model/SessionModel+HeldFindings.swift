import TraceModel

/// A refusal or a state the model decided, which the trace after it may still refute: UIKit's
/// answer to an app call shows in the callbacks after it, so the finding waits for them.
enum HeldFinding {
  /// A present UIKit drops with a warning. `needsConfirmation`: the presenter was placed but
  /// never appeared yet (presented from viewDidLoad); only its later appearance confirms it.
  case refusedPresent(RefusedPresent)
  /// A push of a controller already in the stack (UIKit throws).
  case duplicatePush(line: Int, vc: ObjectID, nav: ObjectID)
  /// A device rotation UIKit refused.
  case rejectedRotation(line: Int, device: DeviceOrientation, wanted: InterfaceOrientation, reason: RotationRefusal)
  /// A controller shown in an orientation it does not support.
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

/// When held findings are judged. A finding is reported when its evidence window closes with
/// its premise still true in the model's state, and dropped when the state no longer bears it
/// out: no event needs to know which findings it may refute.
///
/// - A refusal (a present or push UIKit refused, a rotation it did not make) is judged at the
///   next cause (``EventPayload/isConsequence``): the callbacks between show whether UIKit did it.
/// - A state the app left the interface in (a controller shown in an orientation it does not
///   support) is judged once the app has reacted: when the next cause asks UIKit to decide the
///   orientation again (attemptRotationToDeviceOrientation, setNeedsUpdateOfSupportedInterface-
///   Orientations, requestGeometryUpdate), the finding waits for that decision.
extension SessionModel {
  /// Before a cause: judges the held findings whose window it closes, and keeps those that wait
  /// for the app's reaction to the state (returned, with the cause not applied yet).
  func closeEvidenceWindows() -> [HeldFinding] {
    let findings = held
    held.removeAll()
    var awaiting: [HeldFinding] = []
    for finding in findings where stands(finding) {
      if case .unsupportedShown = finding { awaiting.append(finding) } else { report(finding) }
    }
    return awaiting
  }

  /// After the cause: a state finding it may repair (it asked UIKit to re-evaluate the
  /// orientation) waits for that decision; the others are reported as they stood before it.
  func settle(awaiting: [HeldFinding]) {
    guard pendingOrientation?.reevaluatesShown == true else { return awaiting.forEach(report) }
    held.append(contentsOf: awaiting)
  }

  /// Reports the held findings the trace did not refute (at the end of a session).
  func releaseHeld() {
    let findings = held
    held.removeAll()
    for finding in findings where stands(finding) { report(finding) }
  }

  /// Whether the finding's premise still holds in the model's state.
  private func stands(_ finding: HeldFinding) -> Bool {
    switch finding {
    case .refusedPresent(let refused): !refused.needsConfirmation || refused.confirmed
    case .duplicatePush: true
    case .rejectedRotation(_, _, let wanted, _): interfaceOrientation != wanted
    case .unsupportedShown(_, let vc, let orientation, _, _):
      interfaceOrientation == orientation && isOnScreen(vc)
        && currentMask(of: vc).map { !$0.contains(orientation) } == true
    }
  }

  private func report(_ finding: HeldFinding) {
    switch finding {
    case .refusedPresent(let refused):
      observe(
        .presentRefused(source: refused.source, vc: refused.vc, handler: refused.handler, reason: refused.reason),
        at: refused.line)
    case .duplicatePush(let line, let vc, let nav):
      observe(.pushedTwice(vc: vc, nav: nav), at: line)
    case .rejectedRotation(let line, let device, let wanted, let reason):
      observe(.rotationRejected(device: device, wanted: wanted, reason: reason), at: line)
    case .unsupportedShown(let line, let vc, let orientation, let mask, let cause):
      observe(.unsupportedOrientationShown(vc: vc, orientation: orientation, mask: mask, cause: cause), at: line)
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
          // What made the model refuse — a presentation or transition of the handler — is
          // over: UIKit presented from it.
          discardPresentation(of: refused.handler)
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
    if self[handler].transition?.controller == vc { endTransition(of: handler) }
    noteShownChange(vc)
    self[vc].presenter = nil
    self[vc].presentedFrom = nil
    self[vc].style = nil
  }

  /// `handler` presents something new although the model has it presenting or animating: that
  /// presentation and transition are over (the trace did not show how).
  func discardPresentation(of handler: ObjectID) {
    if self[handler].transition != nil { endTransition(of: handler) }
    if let stale = self[handler].presented { unlinkPresentation(top: stale, handler: handler, animated: false) }
  }
}

extension SessionModel {
  /// Whether findings wait for the events after them (``heldLines``).
  package var holdsFindings: Bool { !held.isEmpty }

  /// The lines of the findings that wait for the events after them to be judged.
  package var heldLines: [Int] {
    held.map { finding in
      switch finding {
      case .refusedPresent(let refused): refused.line
      case .duplicatePush(let line, _, _), .rejectedRotation(let line, _, _, _),
        .unsupportedShown(let line, _, _, _, _):
        line
      }
    }
  }
}
