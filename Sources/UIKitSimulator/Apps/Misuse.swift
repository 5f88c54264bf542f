/// Misuse an app can be asked to commit, each a real-world bug. The app only performs the
/// calls; what follows — a dropped present, an ignored dismiss, an exception, a callback in
/// the wrong state — is decided by the simulated UIKit, which writes the ground truth.
enum Misuse: CaseIterable {
  /// A present to a controller (or a child of one) that already presents: an alert over an alert.
  case presentWhilePresenting
  /// A second present while the first one animates (a double tap).
  case presentDuringPresentation
  /// A present right after an animated dismiss, not in its completion.
  case presentDuringDismissal
  /// A second dismiss while the first one animates (a double tap on Done).
  case dismissTwice
  /// A present from a controller already popped or dismissed.
  case presentFromRemoved
  /// A present of a controller that is already on screen (crashes).
  case presentActiveController
  /// A legacy view added by hand, whose controller presents.
  case presentFromDetached
  /// The Homepwner camera button tapped twice: a second UIPopoverController, and the first
  /// released while visible (crashes).
  case doublePopover
  /// A UIPopoverController on an iPhone (crashes).
  case popoverOnPhone
  /// A double tap that pushes the same controller twice (crashes).
  case pushTwice
  /// An app's container that adds a page and forgets didMove(toParent:).
  case forgetDidMove
  /// An app's container that removes a page without willMove(toParent: nil).
  case forgetWillMove
  /// A fast swipe in an app's container: a transition from a page already removed (crashes).
  case transitionFromRemovedPage
  /// A container that forwards appearance by hand and forgets the disappearance.
  case forgetForwardingDisappearance
  /// A container that forwards appearance by hand and never ends the appearance.
  case forgetEndOfAppearance
  /// The app calls viewWillAppear/viewDidAppear itself to refresh a screen UIKit shows.
  case handCallAppearance
  /// A pop back to a portrait-only screen in landscape, with nothing to rotate it.
  case popToPortraitInLandscape
  /// A full-screen present of a controller whose orientations the app does not allow (crashes).
  case noCommonOrientation
  /// A full-screen present of a controller preferring an orientation it does not support (crashes).
  case preferredOrientationUnsupported
  /// Rotation callbacks forwarded by hand to a controller that is not on screen.
  case forwardRotationToHiddenController

  /// Misuse after which the session ends (an exception, or a transition left unfinished).
  var endsSession: Bool {
    switch self {
    case .presentActiveController, .doublePopover, .popoverOnPhone, .pushTwice, .transitionFromRemovedPage,
      .noCommonOrientation, .preferredOrientationUnsupported, .forgetEndOfAppearance:
      true
    default:
      false
    }
  }
}
