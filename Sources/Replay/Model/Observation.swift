import TraceModel

/// Something the model saw UIKit do, refuse or throw on while replaying an event: what rules
/// turn into findings. The model decides; rules only phrase.
package enum Observation: Sendable {
  // MARK: Appearance
  /// An appearance callback that the controller's state does not allow (A2).
  case unbalancedAppearance(vc: ObjectID, callback: AppearanceCallback, state: AppearState)
  /// `beginAppearanceTransition` twice in the same direction, or an end without a begin (A4, A5).
  case unbalancedAppearanceTransition(vc: ObjectID, problem: ExplicitTransitionProblem)
  /// A will-callback never completed before the session ended.
  case unfinishedAppearance(vc: ObjectID, state: AppearState, since: Int)

  // MARK: Popovers
  /// `UIPopoverController` created on an idiom other than iPad (PO1): an exception.
  case popoverOnPhone(popover: ObjectID, content: ObjectID, idiom: Idiom)
  /// A popover presented while another (or the same) is visible (PO3).
  case popoverPresentedWhileVisible(popover: ObjectID, visible: ObjectID, content: ObjectID?)
  /// A visible popover controller deallocated (PO2): a crash.
  case popoverReleasedWhileVisible(popover: ObjectID, content: ObjectID?)

  // MARK: Orientation
  /// The device turned to an orientation UIKit refuses; the interface stays.
  case rotationRejected(device: DeviceOrientation, wanted: InterfaceOrientation, reason: RotationRefusal)
  /// The effective mask is empty while the decider autorotates (O5): an exception.
  case noCommonOrientation(OrientationDecision)
  /// A controller shown full screen prefers an orientation it does not support (O6).
  case preferredOrientationUnsupported(vc: ObjectID, preferred: InterfaceOrientation, mask: OrientationMask)
  /// The controller now on screen does not support the interface orientation, and UIKit will
  /// not re-evaluate until the device moves (O4).
  case unsupportedOrientationShown(
    vc: ObjectID, orientation: InterfaceOrientation, mask: OrientationMask, cause: EventName)
  /// Rotation callbacks the model does not expect.
  case rotationCallbackMismatch(vc: ObjectID, callback: EventName, problem: RotationCallbackProblem)

  // MARK: Presentation
  /// UIKit refused a present: a warning and the request dropped, or an exception.
  case presentRefused(source: ObjectID, vc: ObjectID, handler: ObjectID, reason: PresentRefusal)
  /// A present from a controller on screen that is not in the controller hierarchy (P6).
  case presentedFromDetached(source: ObjectID, vc: ObjectID)
  /// A dismiss while a presentation or dismissal is still animating (P4): dropped.
  case dismissRefused(vc: ObjectID, handler: ObjectID, transition: PresentationTransition)

  // MARK: Navigation
  /// `pushViewController:` with a controller already in that navigation stack: an exception.
  case pushedTwice(vc: ObjectID, nav: ObjectID)

  // MARK: The model against the trace
  /// Later events show UIKit did what the model thought it refused: the model is wrong there,
  /// and the finding it would have made is not reported.
  case modelDisagreement(Disagreement)

  // MARK: Containment
  /// `addChild` without the app's `didMoveToParent` before the child was used or removed (C1).
  case didMoveMissing(vc: ObjectID, parent: ObjectID, addedAt: Int, moment: DidMoveMoment)
  /// `removeFromParent` without `willMoveToParent(nil)` first (C2).
  case willMoveMissing(vc: ObjectID, parent: ObjectID)
  /// `transition(from:to:)` between controllers that are not both children of the parent (C5).
  case transitionWithoutCommonParent(parent: ObjectID, from: ObjectID, to: ObjectID)
}

extension Observation {
  /// UIKit raises an exception here (the rest is a warning in the console, or nothing).
  package var isUncaughtException: Bool {
    switch self {
    case .popoverOnPhone, .popoverReleasedWhileVisible, .noCommonOrientation, .preferredOrientationUnsupported,
      .transitionWithoutCommonParent, .presentRefused(_, _, _, .activeController), .pushedTwice:
      true
    default:
      false
    }
  }
}

/// A decision of the model that the trace refutes, with both sides.
package enum Disagreement: Sendable, Equatable {
  /// The model thought UIKit refused the present at `refusedAt`; the controller appeared.
  case refusedPresentAppeared(vc: ObjectID, handler: ObjectID, refusal: PresentRefusal, refusedAt: Int)
  /// The model thought UIKit refused the rotation at `rejectedAt`; rotation callbacks show it.
  case rejectedRotationHappened(vc: ObjectID, to: InterfaceOrientation, refusal: RotationRefusal, rejectedAt: Int)
  /// The model thought the push at `pushedAt` threw (the controller was in the stack); it appeared.
  case duplicatePushAppeared(vc: ObjectID, nav: ObjectID, pushedAt: Int)
  /// The model ended `vc`'s presentation at `dismissedAt`; it appeared, so `presenter` still
  /// presents it.
  case dismissedAppeared(vc: ObjectID, presenter: ObjectID, dismissedAt: Int)
}

/// What is wrong with a begin/end appearance transition pair.
package enum ExplicitTransitionProblem: Sendable, Equatable {
  /// `beginAppearanceTransition` in the same direction while one is pending.
  case beganTwice(appearing: Bool)
  /// `endAppearanceTransition` with no begin pending.
  case endWithoutBegin
}

/// Why UIKit did not rotate the interface to the device's orientation.
package enum RotationRefusal: Sendable, Equatable {
  /// The orientation is not in the effective mask.
  case notInMask(OrientationDecision)
  /// The deciding controller's shouldAutorotate returned NO (before iOS 16).
  case shouldAutorotateNo(OrientationDecision)
  /// The app stopped device orientation notifications (unconfirmed as a reason UIKit refuses).
  case notificationsOff
}

/// Why a rotation callback does not fit what the model did.
package enum RotationCallbackProblem: Sendable, Equatable {
  /// The controller is not on screen (popped, dismissed, covered or removed).
  case notOnScreen(to: InterfaceOrientation?)
}

/// Why UIKit refused a `present`.
package enum PresentRefusal: Sendable, Equatable {
  /// The presenting controller already presents `other` (P1): warning, dropped.
  case alreadyPresenting(other: ObjectID)
  /// The presenting controller's view is not in a window (P2): warning, dropped.
  case notInWindowHierarchy
  /// The controller to present is already presented or in the hierarchy (P5): exception.
  case activeController(presentedBy: ObjectID?)
  /// A presentation or dismissal of that presenter is still animating (P3): warning, dropped.
  case duringTransition(PresentationTransition)
}

/// When a missing didMoveToParent was noticed.
package enum DidMoveMoment: String, Sendable {
  case removed, used, sessionEnd
}

/// An observation as the model made it: the line it concerns, the app's controller responsible
/// (``SessionModel/appController(responsibleFor:)``), and the line whose event closed the
/// evidence for it (later than `line` when the callbacks after the event had to be seen first).
package struct ModelObservation: Sendable {
  package let line: Int
  package let observation: Observation
  package let appController: ObjectID?
  package let decidedLine: Int
}

extension Observation {
  /// The UIKit method of the app's controller the observation is about.
  package var call: AppCall {
    switch self {
    case .unbalancedAppearance, .unfinishedAppearance: .appearanceCallback
    case .unbalancedAppearanceTransition: .appearanceTransition
    case .popoverOnPhone, .popoverReleasedWhileVisible: .createPopover
    case .popoverPresentedWhileVisible: .presentPopover
    case .rotationRejected, .noCommonOrientation, .unsupportedOrientationShown: .supportedInterfaceOrientations
    case .preferredOrientationUnsupported: .preferredInterfaceOrientation
    case .rotationCallbackMismatch: .rotationCallback
    case .presentRefused, .presentedFromDetached: .present
    case .dismissRefused: .dismiss
    case .pushedTwice: .push
    case .didMoveMissing: .addChild
    case .willMoveMissing: .removeFromParent
    case .transitionWithoutCommonParent: .transition
    case .modelDisagreement(let disagreement):
      switch disagreement {
      case .refusedPresentAppeared: .present
      case .rejectedRotationHappened: .supportedInterfaceOrientations
      case .duplicatePushAppeared: .push
      case .dismissedAppeared: .dismiss
      }
    }
  }
}
