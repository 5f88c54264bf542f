import TraceModel

/// What the model knows about one view controller.
package struct ControllerState: Sendable {
  /// Mentioned by any event so far.
  package internal(set) var isKnown = false
  /// Its appearance state; nil until an event tells (placement, or its first callback).
  package internal(set) var appearance: AppearState?
  /// The line of the callback that started the current appearance transition.
  package internal(set) var appearanceLine = 0
  /// A `beginAppearanceTransition` not yet ended: its direction (true = appearing).
  package internal(set) var explicitTransition: Bool?

  // Containment
  package internal(set) var parent: ObjectID?
  /// Children in order: a navigation stack bottom to top, tabs left to right.
  package internal(set) var children: [ObjectID] = []
  /// The selected tab of a tab bar controller.
  package internal(set) var selectedChild: ObjectID?
  /// A child whose view a custom container took out (`transition(from:)`).
  package internal(set) var isViewRemoved = false
  /// `addChild` not yet followed by the app's `didMoveToParent`: the parent and the line.
  package internal(set) var pendingDidMove: (parent: ObjectID, line: Int)?
  /// The app called `willMoveToParent(nil)` since it was added.
  package internal(set) var willMoveToNil = false
  /// The navigation controller that popped it while its disappearance may still be cancelled
  /// (an interactive pop the user gives up puts it back on the stack).
  package internal(set) var poppedFrom: ObjectID?
  /// The window whose root it is.
  package internal(set) var rootOfWindow: ObjectID?

  // Presentation
  /// The controller it presents (`presentedViewController`).
  package internal(set) var presented: ObjectID?
  /// The controller presenting it (`presentingViewController`).
  package internal(set) var presenter: ObjectID?
  /// The controller that asked for its presentation (may differ from `presenter`).
  package internal(set) var presentedFrom: ObjectID?
  /// How it is presented, after adaptation (kept with ``presentedFrom`` after the presentation
  /// ends, so that the trace can show it was not over).
  package internal(set) var style: EffectiveStyle?
  /// The line where its presentation ended, when it was presented before and is not now.
  package internal(set) var presentationEndLine: Int?
  /// An animated present or dismiss started by this presenter and not completed.
  package internal(set) var transition: PresentationTransition?
  /// While an animated dismissal takes it off screen (it, or a controller above it in the
  /// dismissed stack): the presenter that runs the dismissal.
  package internal(set) var dismissedBy: ObjectID?
  /// The visible popover that shows it.
  package internal(set) var shownInPopover: ObjectID?

  // Answers to UIKit's questions (the last one recorded)
  package internal(set) var supportedMask: OrientationMask?
  /// The line of that answer.
  package internal(set) var supportedMaskLine = 0
  /// The last line at which what it shows below it changed (a push, pop, tab selection or
  /// child added or removed, at any depth): a container's answer given before that line may
  /// have been for other content (containers often answer for what they show).
  package internal(set) var shownContentLine = 0
  package internal(set) var shouldAutorotate: Bool?
  package internal(set) var preferredOrientation: InterfaceOrientation?
  /// The line of that answer: UIKit asks it at each full-screen presentation or dismissal, so
  /// a decision uses it only when it was asked for that decision.
  package internal(set) var preferredOrientationLine = 0
  package internal(set) var definesPresentationContext: Bool?

  package init() {}
}

/// An animated presentation or dismissal in progress on a presenter.
package struct PresentationTransition: Sendable, Equatable {
  package enum Kind: String, Sendable { case presenting, dismissing }
  package var kind: Kind
  /// The presented controller coming or going.
  package var controller: ObjectID
  package var line: Int
  /// When it started (`t`), when the trace says.
  package var time: Double?
  /// A dismissal's controllers going off screen: `controller` and the ones it presented.
  package var moving: [ObjectID] = []
}

/// A `UIPopoverController`.
package struct PopoverState: Sendable {
  package internal(set) var content: ObjectID?
  package internal(set) var isVisible = false
  package internal(set) var createdLine: Int
  package internal(set) var presentedLine: Int?
  /// The app's controller that showed it (the top of the screen when it was presented, or
  /// created): the presentation call names no controller.
  package internal(set) var presenter: ObjectID?
  /// The interface rotated while it was visible: UIKit hid it, and the app presents it again
  /// (from a rect, in didRotate) as the class reference tells it to.
  package internal(set) var needsReposition = false
}

/// A window and what the app delegate said about it.
package struct WindowState: Sendable {
  package let id: ObjectID
  package internal(set) var root: ObjectID?
  /// What `application(_:supportedInterfaceOrientationsFor:)` returned, when recorded.
  package internal(set) var mask: OrientationMask?
}
