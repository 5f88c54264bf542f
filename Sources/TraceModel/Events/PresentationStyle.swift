/// `UIModalPresentationStyle`, as the app asked for it in a `present` record.
public enum PresentationStyle: String, CaseIterable, Sendable {
  case fullScreen, pageSheet, formSheet, currentContext, overFullScreen, overCurrentContext
  case popover, custom, automatic

  package static let byName = ByteStringTable(allCases.map { ($0.rawValue, $0) })
}

/// What kind of UIKit container a controller is, from its class name or the record's `kind`.
public enum ContainerKind: String, CaseIterable, Sendable {
  case navigation, tabBar, split, imagePicker, generic

  /// The kind a UIKit class name implies (`UINavigationController` is `navigation`, …).
  public init?(impliedByClass className: String) {
    switch className {
    case "UINavigationController": self = .navigation
    case "UITabBarController": self = .tabBar
    case "UISplitViewController": self = .split
    case "UIImagePickerController": self = .imagePicker
    default: return nil
    }
  }

  /// True for the containers UIKit implements (they manage containment callbacks themselves).
  public var isSystemContainer: Bool { self != .generic }

  /// True when the container keeps a navigation stack (`UIImagePickerController` is a
  /// `UINavigationController`).
  public var hasNavigationStack: Bool { self == .navigation || self == .imagePicker }

  package static let byName = ByteStringTable(allCases.map { ($0.rawValue, $0) })
}

/// The four appearance callbacks UIKit sends a view controller.
public enum AppearanceCallback: String, CaseIterable, Sendable {
  case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear

  /// True for `viewWillAppear` and `viewDidAppear`.
  public var isAppearing: Bool { self == .viewWillAppear || self == .viewDidAppear }
  /// True for the will- callbacks, which begin a transition.
  public var begins: Bool { self == .viewWillAppear || self == .viewWillDisappear }
}
