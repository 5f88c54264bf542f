import TraceModel

/// Where in a controller's code each ``AppCall`` is: the words that call it (Objective-C
/// selectors' first parts and Swift names), and the methods that implement it (an override UIKit
/// calls, such as `supportedInterfaceOrientations`).
enum CallSites {
  /// The words of a method's body that call each UIKit method.
  static let called: [String: AppCall] = {
    let words: [AppCall: [String]] = [
      .present: ["presentViewController", "present"],
      .dismiss: ["dismissViewControllerAnimated", "dismiss"],
      .createPopover: ["initWithContentViewController", "UIPopoverController"],
      .presentPopover: ["presentPopoverFromBarButtonItem", "presentPopoverFromRect", "presentPopover"],
      .push: ["pushViewController"],
      .addChild: ["addChildViewController", "addChild"],
      .removeFromParent: ["removeFromParentViewController", "removeFromParent"],
      .transition: ["transitionFromViewController", "transition"],
      .appearanceTransition: ["beginAppearanceTransition", "endAppearanceTransition"],
    ]
    return Dictionary(uniqueKeysWithValues: words.flatMap { call, names in names.map { ($0, call) } })
  }()

  /// The methods a controller implements for each UIKit method UIKit calls on it.
  static let implemented: [AppCall: [String]] = [
    .supportedInterfaceOrientations: ["supportedInterfaceOrientations"],
    .preferredInterfaceOrientation: ["preferredInterfaceOrientationForPresentation"],
    .appearanceCallback: ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"],
    .rotationCallback: [
      "willRotateToInterfaceOrientation", "willRotate", "willAnimateRotationToInterfaceOrientation",
      "willAnimateRotation",
      "didRotateFromInterfaceOrientation", "didRotate", "viewWillTransitionToSize", "viewWillTransition",
    ],
  ]
}
