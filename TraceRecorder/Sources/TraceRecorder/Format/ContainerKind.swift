/// What kind of UIKit container a controller is, as a record's `kind`.
public enum ContainerKind: String, CaseIterable, Sendable {
  case navigation, tabBar, split, imagePicker, generic

  /// The kind a UIKit class name implies (`UINavigationController` is `navigation`, …): such a
  /// class needs no `kind` key.
  public init?(impliedByClass className: String) {
    switch className {
    case "UINavigationController": self = .navigation
    case "UITabBarController": self = .tabBar
    case "UISplitViewController": self = .split
    case "UIImagePickerController": self = .imagePicker
    default: return nil
    }
  }
}
