/// The event names of trace format version 1, one per UIKit call or callback the recorder logs.
///
/// The same names and raw values as the reader's `TraceModel.EventName` (a test of the traceq
/// package compares the two): new names are appended at the end, existing ones never move.
package enum EventName: UInt8, CaseIterable, Sendable {
  // Window and device
  case setRoot, windowMask, deviceNotifications, deviceOrientation, attemptRotation
  // What controllers answered
  case supportedInterfaceOrientations, shouldAutorotate, preferredInterfaceOrientation
  case definesPresentationContext
  // Rotation callbacks
  case willRotate, willAnimateRotation, didRotate, viewWillTransitionToSize
  // Appearance callbacks
  case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
  case beginAppearanceTransition, endAppearanceTransition
  // Containment
  case addChild, willMoveToParent, didMoveToParent, removeFromParent
  case push, pop, setViewControllers, selectTab, transition
  // Presentation
  case present, presentCompleted, dismiss, dismissCompleted
  // Popover controllers
  case popoverCreate, popoverPresent, popoverDismiss, popoverDidDismiss, popoverRelease
  // Console
  case console
  // Added after the first release (raw values are stored: append only)
  case setNeedsUpdateOfSupportedInterfaceOrientations, requestGeometryUpdate, dealloc
  // Written by the recorder itself: events it could not keep
  case dropped

  /// The name as written in traces (`"viewWillAppear"`).
  package var name: String { String(describing: self) }
}
