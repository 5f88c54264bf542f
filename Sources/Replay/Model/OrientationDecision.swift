import TraceModel

/// How UIKit decides which interface orientations are allowed, with where each factor came
/// from: the app's mask ∩ the deciding controller's mask,
/// and the deciding controller's shouldAutorotate.
package struct OrientationDecision: Sendable, Equatable {
  /// Where the app's mask came from.
  package enum AppMaskSource: Sendable, Equatable {
    /// Info.plist `UISupportedInterfaceOrientations` (`declared` false: the idiom's default).
    case infoPlist(declared: Bool)
    /// `application(_:supportedInterfaceOrientationsFor:)`, which replaces the Info.plist value.
    case windowDelegate
  }

  /// Where the deciding controller's mask came from.
  package enum ControllerMaskSource: Sendable, Equatable {
    case answered
    /// It never answered: `all` on iPad, `allButUpsideDown` on iPhone.
    case idiomDefault
    /// iOS 9+ iPad apps that support multitasking: controller masks are not consulted (O7).
    case ignoredForMultitasking
  }

  /// Where shouldAutorotate came from.
  package enum AutorotateSource: Sendable, Equatable {
    case answered, defaultYes
    /// iOS 16 no longer consults shouldAutorotate (O8).
    case ignoredSinceiOS16
    case ignoredForMultitasking
  }

  /// The controller that decides: the window's root, or the top-most full-screen presented one.
  package var decider: ObjectID?
  package var appMask: OrientationMask
  package var appMaskSource: AppMaskSource
  package var controllerMask: OrientationMask
  package var controllerMaskSource: ControllerMaskSource
  package var autorotates: Bool
  package var autorotateSource: AutorotateSource

  /// The orientations the interface may take.
  package var effectiveMask: OrientationMask { appMask.intersection(controllerMask).intersection(.all) }

  /// Whether UIKit would rotate the interface to `orientation` now.
  package func allows(_ orientation: InterfaceOrientation) -> Bool {
    autorotates && effectiveMask.contains(orientation)
  }
}
