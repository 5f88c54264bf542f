import TraceRecorder

/// What the hooks need from UIKit and the Objective-C runtime that plain Swift cannot read or
/// do: implemented with UIKit on Apple platforms (`UIKitRuntimeBridge`), by a stand-in in the
/// tests, so that every decision about what to record is made, and tested, in plain Swift.
protocol UIKitBridge: AnyObject {
  /// What the runtime says about `object`'s class, for ``ClassPolicy``.
  func classFacts(of object: AnyObject) -> ClassFacts
  /// A navigation controller's stack, or a tab bar controller's tabs.
  func viewControllers(of container: AnyObject) -> [AnyObject]?
  /// The controller's `modalPresentationStyle`.
  func presentationStyle(of vc: AnyObject) -> PresentationStyle?
  /// The mask of a `UIWindowScene.GeometryPreferences.iOS` (iOS 16).
  func interfaceOrientations(of geometryPreferences: AnyObject) -> OrientationMask?
  /// A controller was handed to UIKit (made root, pushed, presented, added as a child, shown):
  /// its class gets the per-class hooks, and its deallocation is watched when `watchDealloc`.
  func prepare(_ vc: AnyObject, watchDealloc: Bool)
  /// A UIPopoverController is being presented: its delegate's class gets the delegate hook.
  func prepareDelegate(of popover: AnyObject)
}
