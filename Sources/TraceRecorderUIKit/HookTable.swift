import TraceModel

/// Where the UIKit layer hears of one event of the format: a method it hooks, a notification,
/// a delegate callback. One table, read by the installer on Apple platforms and checked by
/// the tests everywhere: every event of the format has an entry, and every entry an event.
public struct HookEntry: Sendable {
  /// What is hooked.
  public enum Source: Sendable, Equatable {
    /// An instance method of `className`. `perClass`: subclasses that implement it themselves
    /// (and whose answer therefore differs) get the hook too, installed when a controller of the
    /// class is first created.
    case instanceMethod(className: String, selector: String, perClass: Bool)
    /// A class method (`+[UIViewController attemptRotationToDeviceOrientation]`).
    case classMethod(className: String, selector: String)
    /// The completion block the hook passes in place of the app's (which it then calls).
    case completion(className: String, selector: String)
    /// A method of the app's delegate object, hooked on the delegate's class.
    case delegateMethod(protocolName: String, selector: String)
    /// A notification observed on the default center.
    case notification(name: String)
    /// The process's standard error, read line by line (opt-in: ``captureConsole``).
    case standardError
    /// Written by ``TraceRecorder`` itself, not by a hook.
    case recorder
  }

  public var event: EventName
  public var source: Source

  /// The selector, for sources that have one.
  public var selector: String? {
    switch source {
    case .instanceMethod(_, let selector, _), .classMethod(_, let selector), .completion(_, let selector),
      .delegateMethod(_, let selector):
      selector
    case .notification, .standardError, .recorder: nil
    }
  }
}

/// The UIKit layer's hooks, one entry per (event, source).
public enum HookTable {
  static let viewController = "UIViewController"
  static let navigation = "UINavigationController"
  static let tabBar = "UITabBarController"
  static let popover = "UIPopoverController"

  public static let entries: [HookEntry] = [
    // Window and device
    HookEntry(
      event: .setRoot,
      source: .instanceMethod(className: "UIWindow", selector: "setRootViewController:", perClass: false)),
    HookEntry(
      event: .windowMask,
      source: .delegateMethod(
        protocolName: "UIApplicationDelegate", selector: "application:supportedInterfaceOrientationsForWindow:")),
    device(.deviceNotifications, "beginGeneratingDeviceOrientationNotifications"),
    device(.deviceNotifications, "endGeneratingDeviceOrientationNotifications"),
    HookEntry(event: .deviceOrientation, source: .notification(name: "UIDeviceOrientationDidChangeNotification")),
    HookEntry(
      event: .attemptRotation,
      source: .classMethod(className: viewController, selector: "attemptRotationToDeviceOrientation")),
    controller(.setNeedsUpdateOfSupportedInterfaceOrientations, "setNeedsUpdateOfSupportedInterfaceOrientations"),
    HookEntry(
      event: .requestGeometryUpdate,
      source: .instanceMethod(
        className: "UIWindowScene", selector: "requestGeometryUpdateWithPreferences:errorHandler:", perClass: false)),
    // What controllers answered: per class, since each class answers for itself
    controller(.supportedInterfaceOrientations, "supportedInterfaceOrientations", perClass: true),
    controller(.shouldAutorotate, "shouldAutorotate", perClass: true),
    controller(.preferredInterfaceOrientation, "preferredInterfaceOrientationForPresentation", perClass: true),
    controller(.definesPresentationContext, "definesPresentationContext", perClass: true),
    // Rotation and appearance callbacks: per class, recorded once however many supers are called
    controller(.willRotate, "willRotateToInterfaceOrientation:duration:", perClass: true),
    controller(.willAnimateRotation, "willAnimateRotationToInterfaceOrientation:duration:", perClass: true),
    controller(.didRotate, "didRotateFromInterfaceOrientation:", perClass: true),
    controller(.viewWillTransitionToSize, "viewWillTransitionToSize:withTransitionCoordinator:", perClass: true),
    controller(.viewWillAppear, "viewWillAppear:", perClass: true),
    controller(.viewDidAppear, "viewDidAppear:", perClass: true),
    controller(.viewWillDisappear, "viewWillDisappear:", perClass: true),
    controller(.viewDidDisappear, "viewDidDisappear:", perClass: true),
    controller(.beginAppearanceTransition, "beginAppearanceTransition:animated:"),
    controller(.endAppearanceTransition, "endAppearanceTransition"),
    // Containment
    controller(.addChild, "addChildViewController:"),
    controller(.willMoveToParent, "willMoveToParentViewController:", perClass: true),
    controller(.didMoveToParent, "didMoveToParentViewController:", perClass: true),
    controller(.removeFromParent, "removeFromParentViewController"),
    HookEntry(
      event: .push,
      source: .instanceMethod(className: navigation, selector: "pushViewController:animated:", perClass: false)),
    HookEntry(
      event: .pop,
      source: .instanceMethod(className: navigation, selector: "popViewControllerAnimated:", perClass: false)),
    HookEntry(
      event: .setViewControllers,
      source: .instanceMethod(className: navigation, selector: "setViewControllers:animated:", perClass: false)),
    HookEntry(
      event: .setViewControllers,
      source: .instanceMethod(className: navigation, selector: "popToViewController:animated:", perClass: false)),
    HookEntry(
      event: .setViewControllers,
      source: .instanceMethod(className: navigation, selector: "popToRootViewControllerAnimated:", perClass: false)),
    HookEntry(
      event: .setViewControllers,
      source: .instanceMethod(className: tabBar, selector: "setViewControllers:animated:", perClass: false)),
    HookEntry(
      event: .selectTab,
      source: .instanceMethod(className: tabBar, selector: "setSelectedViewController:", perClass: false)),
    HookEntry(
      event: .selectTab, source: .instanceMethod(className: tabBar, selector: "setSelectedIndex:", perClass: false)),
    controller(.transition, "transitionFromViewController:toViewController:duration:options:animations:completion:"),
    controller(.dealloc, "dealloc"),
    // Presentation
    controller(.present, "presentViewController:animated:completion:"),
    HookEntry(
      event: .presentCompleted,
      source: .completion(className: viewController, selector: "presentViewController:animated:completion:")),
    controller(.dismiss, "dismissViewControllerAnimated:completion:"),
    HookEntry(
      event: .dismissCompleted,
      source: .completion(className: viewController, selector: "dismissViewControllerAnimated:completion:")),
    // UIPopoverController
    popoverMethod(.popoverCreate, "initWithContentViewController:"),
    popoverMethod(.popoverPresent, "presentPopoverFromBarButtonItem:permittedArrowDirections:animated:"),
    popoverMethod(.popoverPresent, "presentPopoverFromRect:inView:permittedArrowDirections:animated:"),
    popoverMethod(.popoverDismiss, "dismissPopoverAnimated:"),
    HookEntry(
      event: .popoverDidDismiss,
      source: .delegateMethod(
        protocolName: "UIPopoverControllerDelegate", selector: "popoverControllerDidDismissPopover:")),
    popoverMethod(.popoverRelease, "dealloc"),
    // Console and the recorder's own records
    HookEntry(event: .console, source: .standardError),
    HookEntry(event: .dropped, source: .recorder),
  ]

  private static func controller(_ event: EventName, _ selector: String, perClass: Bool = false) -> HookEntry {
    HookEntry(event: event, source: .instanceMethod(className: viewController, selector: selector, perClass: perClass))
  }

  private static func device(_ event: EventName, _ selector: String) -> HookEntry {
    HookEntry(event: event, source: .instanceMethod(className: "UIDevice", selector: selector, perClass: false))
  }

  private static func popoverMethod(_ event: EventName, _ selector: String) -> HookEntry {
    HookEntry(event: event, source: .instanceMethod(className: popover, selector: selector, perClass: false))
  }

  /// The entries of `event`.
  public static func entries(for event: EventName) -> [HookEntry] { entries.filter { $0.event == event } }
}
