import TraceModel

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
