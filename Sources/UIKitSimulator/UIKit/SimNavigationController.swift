import TraceModel

/// A `UINavigationController` (or `UIImagePickerController`, which is one): its children are
/// its stack, and it shows the top one.
final class SimNavigationController: SimViewController {
  /// A subclass that answers `supportedInterfaceOrientations` with its top controller's answer
  /// (the usual fix, since UIKit's own class answers for itself).
  let consultsTop: Bool

  init(address: String, className: String, mask: OrientationMask, consultsTop: Bool) {
    self.consultsTop = consultsTop
    super.init(address: address, className: className, mask: mask)
  }

  var stack: [SimViewController] { children }
  var top: SimViewController? { children.last }

  override var declaredKind: String? {
    ContainerKind(impliedByClass: className) == nil ? "navigation" : nil
  }

  override var shownChildren: [SimViewController] { top.map { [$0] } ?? [] }

  override var consultedContent: SimViewController? { consultsTop ? top : nil }
}
