import TraceModel

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

  override var consultedContent: SimViewController? { consultsSelected ? selected : nil }
}
