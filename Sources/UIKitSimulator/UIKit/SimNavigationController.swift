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

  override var orientationAnswerers: [SimViewController] {
    consultsTop ? (top?.orientationAnswerers ?? []) + [self] : [self]
  }

  override var effectiveMask: OrientationMask {
    consultsTop ? (top?.effectiveMask ?? supportedMask) : supportedMask
  }
}

/// A `UITabBarController`: its children are the tabs, and it shows the selected one.
final class SimTabBarController: SimViewController {
  /// A subclass that answers `supportedInterfaceOrientations` with its selected tab's answer.
  let consultsSelected: Bool
  var selectedIndex = 0

  init(address: String, className: String, mask: OrientationMask, consultsSelected: Bool) {
    self.consultsSelected = consultsSelected
    super.init(address: address, className: className, mask: mask)
  }

  var selected: SimViewController? { children.indices.contains(selectedIndex) ? children[selectedIndex] : nil }

  override var declaredKind: String? {
    ContainerKind(impliedByClass: className) == nil ? "tabBar" : nil
  }

  override var shownChildren: [SimViewController] { selected.map { [$0] } ?? [] }

  override var orientationAnswerers: [SimViewController] {
    consultsSelected ? (selected?.orientationAnswerers ?? []) + [self] : [self]
  }

  override var effectiveMask: OrientationMask {
    consultsSelected ? (selected?.effectiveMask ?? supportedMask) : supportedMask
  }
}

/// A `UISplitViewController` whose delegate keeps both panes on screen
/// (`preferredDisplayMode = .allVisible`, iOS 8+: "The primary and secondary view controllers
/// are displayed side-by-side onscreen";
/// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/displaymode/allvisible;
/// before iOS 8, `splitViewController(_:shouldHide:in:)` returning false). Used on iPad only.
final class SimSplitViewController: SimViewController {
  override var declaredKind: String? {
    ContainerKind(impliedByClass: className) == nil ? "split" : nil
  }
}
