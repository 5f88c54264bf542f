/// The UIKit method the app's code called (or implemented) that a finding is about: where in the
/// app's controller to look (`--source-root` finds the call in the controller's code).
public enum AppCall: String, Sendable, Hashable, CaseIterable {
  /// `present(_:animated:completion:)`.
  case present
  /// `dismiss(animated:completion:)`.
  case dismiss
  /// `UIPopoverController(contentViewController:)`: creating one, and so releasing the one a
  /// property held before.
  case createPopover
  /// `presentPopover(from:…)`.
  case presentPopover
  /// `pushViewController(_:animated:)`.
  case push
  /// `addChild(_:)` and the `didMove(toParent:)` that must follow.
  case addChild
  /// `removeFromParent()` and the `willMove(toParent: nil)` that must come first.
  case removeFromParent
  /// `transition(from:to:duration:…)`.
  case transition
  /// `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()`.
  case appearanceTransition
  /// The appearance callbacks (`viewWillAppear(_:)` and the others).
  case appearanceCallback
  /// `supportedInterfaceOrientations`.
  case supportedInterfaceOrientations
  /// `preferredInterfaceOrientationForPresentation`.
  case preferredInterfaceOrientation
  /// The rotation callbacks (`willRotate(to:duration:)`, `viewWillTransition(to:with:)`).
  case rotationCallback
}
