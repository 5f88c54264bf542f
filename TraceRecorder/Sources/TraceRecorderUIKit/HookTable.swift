import TraceRecorder

/// The UIKit layer's hooks: every hooked selector, its argument layout, its role and the event
/// it writes, in one table. The installer reads it on Apple platforms; on every platform the
/// tests hold it to the format (every event has an entry) and to the hook source (every
/// selector and layout there is here, and every one here is there).
enum HookTable {
  static let viewController = "UIViewController"
  static let navigation = "UINavigationController"
  static let tabBar = "UITabBarController"
  static let popover = "UIPopoverController"

  /// Every entry, grouped as the format's events are.
  static let entries: [HookEntry] = [
    // Window and device
    HookEntry(
      .setRoot, method("UIWindow", "setRootViewController:"), .object, role: .call, feature: .appearance),
    HookEntry(
      .windowMask,
      .delegateMethod(
        protocolName: "UIApplicationDelegate", selector: "application:supportedInterfaceOrientationsForWindow:"),
      .objectObjectReturnsMask, feature: .orientationAnswers),
    HookEntry(
      .deviceNotifications, method("UIDevice", "beginGeneratingDeviceOrientationNotifications"), .plain, role: .call,
      feature: .rotation),
    HookEntry(
      .deviceNotifications, method("UIDevice", "endGeneratingDeviceOrientationNotifications"), .plain, role: .call,
      feature: .rotation),
    HookEntry(.deviceOrientation, .notification(name: "UIDeviceOrientationDidChangeNotification"), feature: .rotation),
    HookEntry(
      .attemptRotation, .classMethod(className: viewController, selector: "attemptRotationToDeviceOrientation"),
      .plain, role: .call, feature: .rotation),
    controller(
      .setNeedsUpdateOfSupportedInterfaceOrientations, "setNeedsUpdateOfSupportedInterfaceOrientations", .plain,
      role: .call, .rotation),
    HookEntry(
      .requestGeometryUpdate, method("UIWindowScene", "requestGeometryUpdateWithPreferences:errorHandler:"),
      .objectObject, role: .call, feature: .rotation),
    // What controllers answered: per class, since each class answers for itself
    controller(
      .supportedInterfaceOrientations, "supportedInterfaceOrientations", .returnsMask, perClass: true,
      .orientationAnswers),
    controller(.shouldAutorotate, "shouldAutorotate", .returnsBool, perClass: true, .orientationAnswers),
    controller(
      .preferredInterfaceOrientation, "preferredInterfaceOrientationForPresentation", .returnsInteger, perClass: true,
      .orientationAnswers),
    controller(
      .definesPresentationContext, "definesPresentationContext", .returnsBool, perClass: true, .orientationAnswers),
    // Rotation and appearance callbacks: per class, recorded once however many supers are called
    controller(
      .willRotate, "willRotateToInterfaceOrientation:duration:", .orientationDuration, perClass: true, .rotation),
    controller(
      .willAnimateRotation, "willAnimateRotationToInterfaceOrientation:duration:", .orientationDuration,
      perClass: true, .rotation),
    controller(.didRotate, "didRotateFromInterfaceOrientation:", .orientation, perClass: true, .rotation),
    controller(
      .viewWillTransitionToSize, "viewWillTransitionToSize:withTransitionCoordinator:", .sizeObject, perClass: true,
      .rotation),
    controller(.viewWillAppear, "viewWillAppear:", .bool, perClass: true, .appearance),
    controller(.viewDidAppear, "viewDidAppear:", .bool, perClass: true, .appearance),
    controller(.viewWillDisappear, "viewWillDisappear:", .bool, perClass: true, .appearance),
    controller(.viewDidDisappear, "viewDidDisappear:", .bool, perClass: true, .appearance),
    controller(.beginAppearanceTransition, "beginAppearanceTransition:animated:", .boolBool, role: .call, .appearance),
    controller(.endAppearanceTransition, "endAppearanceTransition", .plain, role: .call, .appearance),
    // Containment
    controller(.addChild, "addChildViewController:", .object, role: .call, .containment),
    controller(.willMoveToParent, "willMoveToParentViewController:", .object, perClass: true, .containment),
    controller(.didMoveToParent, "didMoveToParentViewController:", .object, perClass: true, .containment),
    controller(.removeFromParent, "removeFromParentViewController", .plain, role: .call, .containment),
    HookEntry(
      .push, method(navigation, "pushViewController:animated:"), .objectBool, role: .call, feature: .containment),
    HookEntry(
      .pop, method(navigation, "popViewControllerAnimated:"), .boolReturnsObject, role: .call, feature: .containment),
    HookEntry(
      .setViewControllers, method(navigation, "setViewControllers:animated:"), .objectBool, role: .call,
      feature: .containment),
    HookEntry(
      .setViewControllers, method(navigation, "popToViewController:animated:"), .objectBoolReturnsObject, role: .call,
      feature: .containment),
    HookEntry(
      .setViewControllers, method(navigation, "popToRootViewControllerAnimated:"), .boolReturnsObject, role: .call,
      feature: .containment),
    HookEntry(
      .setViewControllers, method(tabBar, "setViewControllers:animated:"), .objectBool, role: .call,
      feature: .containment),
    HookEntry(.selectTab, method(tabBar, "setSelectedViewController:"), .object, role: .call, feature: .containment),
    HookEntry(.selectTab, method(tabBar, "setSelectedIndex:"), .index, role: .call, feature: .containment),
    controller(
      .transition, "transitionFromViewController:toViewController:duration:options:animations:completion:",
      .transition, role: .call, .containment),
    HookEntry(.dealloc, .associatedObject, feature: .deallocation),
    // Presentation
    controller(
      .present, "presentViewController:animated:completion:", .objectBoolCompletion, role: .call, .presentation),
    HookEntry(
      .presentCompleted, .completion(className: viewController, selector: "presentViewController:animated:completion:"),
      feature: .presentation),
    controller(.dismiss, "dismissViewControllerAnimated:completion:", .boolCompletion, role: .call, .presentation),
    HookEntry(
      .dismissCompleted, .completion(className: viewController, selector: "dismissViewControllerAnimated:completion:"),
      feature: .presentation),
    // UIPopoverController. UIKit throws from its initializer (on an iPhone) and from its dealloc
    // (while the popover is visible): only hooks of those two methods record the call before the
    // exception, so that the trace holds what the replay needs to name the mistake.
    HookEntry(
      .popoverCreate, method(popover, "initWithContentViewController:"), .initializer, role: .call,
      feature: .popoverController),
    HookEntry(
      .popoverPresent, method(popover, "presentPopoverFromBarButtonItem:permittedArrowDirections:animated:"),
      .objectIndexBool, role: .call, feature: .popoverController),
    HookEntry(
      .popoverPresent, method(popover, "presentPopoverFromRect:inView:permittedArrowDirections:animated:"),
      .rectObjectIndexBool, role: .call, feature: .popoverController),
    HookEntry(
      .popoverDismiss, method(popover, "dismissPopoverAnimated:"), .bool, role: .call, feature: .popoverController),
    HookEntry(
      .popoverDidDismiss,
      .delegateMethod(protocolName: "UIPopoverControllerDelegate", selector: "popoverControllerDidDismissPopover:"),
      .object, feature: .popoverController),
    HookEntry(.popoverRelease, method(popover, "dealloc"), .dealloc, role: .call, feature: .popoverController),
    // Console and the recorder's own records
    HookEntry(.console, .standardError, feature: .console),
    HookEntry(.console, .unifiedLog, feature: .unifiedLog),
    HookEntry(.dropped, .recorder, feature: nil),
  ]

  private static func method(_ className: String, _ selector: String) -> HookEntry.Source {
    .instanceMethod(className: className, selector: selector, perClass: false)
  }

  private static func controller(
    _ event: EventName, _ selector: String, _ layout: ArgumentLayout, role: HookEntry.Role = .callback,
    perClass: Bool = false, _ feature: RecordingFeature
  ) -> HookEntry {
    HookEntry(
      event, .instanceMethod(className: viewController, selector: selector, perClass: perClass), layout, role: role,
      feature: feature)
  }

  /// The entries of `event`.
  static func entries(for event: EventName) -> [HookEntry] { entries.filter { $0.event == event } }

  /// The entries to install for `features`, in the table's order.
  static func plan(_ features: Set<RecordingFeature>) -> [HookEntry] {
    entries.filter { $0.feature.map(features.contains) ?? true }
  }

  /// The order in which the off switch takes installed hooks out: initializer and `dealloc`
  /// hooks first (they are restored to UIKit's implementation), then the rest (which pass
  /// straight through from then on).
  static func removalOrder(_ installed: [HookEntry]) -> [HookEntry] {
    installed.filter(\.touchesLifecycle) + installed.filter { !$0.touchesLifecycle }
  }
}
