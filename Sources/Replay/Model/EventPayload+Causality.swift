import TraceModel

extension EventPayload {
  /// Whether the event reports what UIKit did or asked because of an earlier cause, rather than
  /// being a cause itself. Causes are the app's calls into UIKit (present, push, setRoot,
  /// attemptRotation, setNeedsUpdateOfSupportedInterfaceOrientations …), the device turning
  /// and the user acting (a popover tapped away). Consequences are UIKit's callbacks (appearance,
  /// rotation, completions), the questions it asks (supportedInterfaceOrientations …), the
  /// appearance transitions containers forward, and what the runtime and the recorder add
  /// (dealloc, console text, dropped events).
  ///
  /// A cause opens a step: what the model decided at the last one is judged on the
  /// consequences that followed it.
  var isConsequence: Bool {
    switch self {
    case .appearance, .beginAppearanceTransition, .endAppearanceTransition, .presentCompleted, .dismissCompleted,
      .willRotate, .willAnimateRotation, .didRotate, .viewWillTransitionToSize, .supportedInterfaceOrientations,
      .shouldAutorotate, .preferredInterfaceOrientation, .definesPresentationContext, .windowMask, .console, .unknown,
      .dealloc, .dropped:
      true
    case .setRoot, .deviceNotifications, .deviceOrientation, .attemptRotation,
      .setNeedsUpdateOfSupportedInterfaceOrientations, .requestGeometryUpdate, .addChild, .willMoveToParent,
      .didMoveToParent, .removeFromParent, .push, .pop, .setViewControllers, .selectTab, .transition, .present,
      .dismiss, .popoverCreate, .popoverPresent, .popoverDismiss, .popoverDidDismiss, .popoverRelease:
      false
    }
  }

  /// UIKit's rotation callbacks: they report the outcome of an orientation decision.
  var reportsRotation: Bool {
    switch self {
    case .willRotate, .willAnimateRotation, .didRotate, .viewWillTransitionToSize: true
    default: false
    }
  }
}
