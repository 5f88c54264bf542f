/// Containment, popover, orientation and navigation diagnostics.
extension ConsoleCatalog {
  static let containment: [ConsoleEntry] = [
    ConsoleEntry(
      id: "transition-without-common-parent", name: "Transition without a common parent", isException: true,
      uikitSays:
        "Children view controllers <A> and <B> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]",
      anchors: ["Children"],
      variants: [
        ConsolePattern(
          "Children view controllers", .object("from"), "and", .object("to"),
          "must have a common parent view controller")
      ],
      examples: [
        ConsoleExample(
          "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Children view controllers <AwfulPostsViewController: 0x9b5a400> and <AwfulPostsViewController: 0xa1c2e00> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]'",
          objects: ["AwfulPostsViewController 0x9b5a400", "AwfulPostsViewController 0xa1c2e00"])
      ],
      sources: [
        "https://github.com/Awful/Awful.app/issues/213", "https://github.com/bytedance/Bytedance-UnionAD/issues/222",
      ]),
    ConsoleEntry(
      id: "hierarchy-inconsistency", name: "View controller hierarchy inconsistency", severity: .error,
      isException: true,
      uikitSays: "child view controller:<C> should have parent view controller:<P> but actual parent is:<Q>",
      hint:
        "Add the child with addChild(_:) to the controller whose view holds its view (and call didMove(toParent:)); a view belongs to one controller at a time.",
      anchors: ["should have parent", "associated with"],
      variants: [
        ConsolePattern(
          "child view controller:", .object("child"), "should have parent view controller:", .object("parent"),
          "but", .optional(["actual"]), .optional(["requested"]), "parent is:", .object("actual")),
        ConsolePattern(
          "A view can only be associated with at most one view controller at a time! View", .object("view"),
          "is associated with", .object("owner")),
      ],
      examples: [
        ConsoleExample(
          "reason: 'child view controller:<FRLayerController: 0x6b7f1f0> should have parent view controller:<FRLayeredNavigationController: 0x6b79c60> but requested parent is:<UINavigationController: 0x6b7a3e0>'",
          objects: [
            "FRLayerController 0x6b7f1f0", "FRLayeredNavigationController 0x6b79c60",
            "UINavigationController 0x6b7a3e0",
          ])
      ],
      sources: [
        "https://github.com/weissi/FRLayeredNavigationController/issues/6",
        "https://github.com/IBAnimatable/IBAnimatable/issues/579",
        "https://github.com/nicklockwood/iCarousel/issues/229",
      ]),
  ]

  static let popover: [ConsoleEntry] = [
    ConsoleEntry(
      id: "popover-on-phone", name: "UIPopoverController on iPhone", isException: true,
      uikitSays:
        "-[UIPopoverController initWithContentViewController:] called when not running under UIUserInterfaceIdiomPad.",
      anchors: ["UIPopoverController"],
      variants: [
        ConsolePattern(
          "[UIPopoverController initWithContentViewController:] called when not running under UIUserInterfaceIdiomPad")
      ],
      examples: [
        ConsoleExample(
          "2014-09-20 11:22:33.444 Cookbook[812:60b] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[UIPopoverController initWithContentViewController:] called when not running under UIUserInterfaceIdiomPad.'",
          objects: [])
      ],
      sources: [
        "https://github.com/vandadnp/iOS-8-Swift-Programming-Cookbook/issues/4",
        "https://github.com/myell0w/MTDActionSheet/issues/5",
      ]),
    ConsoleEntry(
      id: "popover-released-while-visible", name: "Popover released while visible", isException: true,
      uikitSays: "-[UIPopoverController dealloc] reached while popover is still visible.",
      anchors: ["UIPopoverController"],
      variants: [ConsolePattern("[UIPopoverController dealloc] reached while popover is still visible")],
      examples: [
        ConsoleExample(
          "*** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'",
          objects: [])
      ],
      sources: [
        "https://github.com/steamclock/internetmap/issues/8",
        "https://github.com/lionheart/openradar-mirror/issues/5009",
      ]),
    ConsoleEntry(
      id: "popover-no-anchor", name: "Popover without an anchor", severity: .error, isException: true,
      uikitSays:
        "UIPopoverPresentationController (<P>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.",
      hint:
        "Set popoverPresentationController.sourceView and sourceRect (or barButtonItem) before presenting; an action sheet on iPad is a popover.",
      anchors: ["sourceView", "StyleActionSheet"],
      variants: [
        ConsolePattern(
          "UIPopoverPresentationController (", .object("popover"),
          ") should have a non-nil sourceView or barButtonItem set before the presentation occurs"),
        ConsolePattern(
          "Your application has presented a UIAlertController (", .object("alert"),
          ") of style UIAlertControllerStyleActionSheet"),
      ],
      examples: [
        ConsoleExample(
          "reason: 'UIPopoverPresentationController (<UIPopoverPresentationController: 0x7f9b3bd1a5d0>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.'",
          objects: ["UIPopoverPresentationController 0x7f9b3bd1a5d0"])
      ],
      sources: [
        "https://github.com/x2on/FSImageViewer/pull/30", "https://github.com/Provenance-Emu/Provenance/issues/1833",
        "https://github.com/sberrevoets/SDCAlertView/issues/306",
      ]),
  ]

  static let orientation: [ConsoleEntry] = [
    ConsoleEntry(
      id: "no-common-orientation", name: "No common orientation", isException: true,
      uikitSays:
        "Supported orientations has no common orientation with the application, and [<Class> shouldAutorotate] is returning YES",
      anchors: ["rientation"],
      variants: [
        ConsolePattern(
          "Supported orientations has no common orientation with the application, and [", .word("decider"),
          "shouldAutorotate] is returning YES"),
        ConsolePattern("Supported orientations has no common orientation with the application"),
      ],
      examples: [
        ConsoleExample(
          "*** Terminating app due to uncaught exception 'UIApplicationInvalidInterfaceOrientation', reason: 'Supported orientations has no common orientation with the application, and [PUUIAlbumListViewController shouldAutorotate] is returning YES'",
          objects: ["PUUIAlbumListViewController"]),
        ConsoleExample(
          "reason: 'Supported orientations has no common orientation with the application, and shouldAutorotate is returning YES'",
          objects: []),
      ],
      sources: [
        "https://github.com/phoboslab/Ejecta/issues/38", "https://github.com/steipete/PSTAlertController/issues/21",
        "https://github.com/Instabug/Instabug-iOS/issues/90",
      ]),
    ConsoleEntry(
      id: "preferred-orientation-unsupported", name: "Preferred orientation unsupported", isException: true,
      uikitSays:
        "preferredInterfaceOrientationForPresentation 'portrait' must match a supported interface orientation: 'landscapeLeft, landscapeRight'!",
      anchors: ["rientation"],
      variants: [
        ConsolePattern(
          "preferredInterfaceOrientationForPresentation", .optional([.quoted]),
          "must match a supported interface orientation"),
        ConsolePattern("preferredInterfaceOrientationForPresentation must return a supported interface orientation"),
      ],
      examples: [
        ConsoleExample(
          "reason: 'preferredInterfaceOrientationForPresentation 'portrait' must match a supported interface orientation: 'landscapeLeft, landscapeRight'!'",
          objects: []),
        ConsoleExample(
          "*** Terminating app due to uncaught exception 'UIApplicationInvalidInterfaceOrientation', reason: 'preferredInterfaceOrientationForPresentation must return a supported interface orientation!'",
          objects: []),
      ],
      sources: [
        "https://github.com/thiagoperes/IDMPhotoBrowser/issues/31",
        "https://github.com/nytimes/NYTPhotoViewer/issues/360",
        "https://github.com/zhengwenming/WMPlayer/issues/95",
      ]),
    ConsoleEntry(
      id: "set-device-orientation", name: "UIDevice orientation set by the app",
      uikitSays:
        "[Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. Please use UIWindowScene.requestGeometryUpdate(_:)",
      hint:
        "From iOS 16, ask for a rotation with UIWindowScene.requestGeometryUpdate(_:) and setNeedsUpdateOfSupportedInterfaceOrientations(), not UIDevice's orientation.",
      anchors: ["rientation"],
      variants: [ConsolePattern("Setting UIDevice.orientation is not supported")],
      examples: [
        ConsoleExample(
          "2022-09-14 10:11:12.345678+0800 Runner[2345:678901] [Orientation] BUG IN CLIENT OF UIKIT: Setting UIDevice.orientation is not supported. Please use UIWindowScene.requestGeometryUpdate(_:)",
          objects: [])
      ],
      sources: ["https://github.com/sososdk/flutter_orientation/issues/8"]),
    ConsoleEntry(
      id: "geometry-update-rejected", name: "Geometry update rejected",
      uikitSays:
        "None of the requested orientations are supported by the view controller. Requested: <names>; Supported: <names>",
      hint:
        "Request only orientations the deciding controller's supportedInterfaceOrientations returns; update it and call setNeedsUpdateOfSupportedInterfaceOrientations() first.",
      anchors: ["rientation"],
      variants: [ConsolePattern("None of the requested orientations are supported by the view controller")],
      examples: [
        ConsoleExample(
          #"Error Domain=UISceneErrorDomain Code=101 "None of the requested orientations are supported by the view controller. Requested: landscapeRight; Supported: portrait" UserInfo={NSLocalizedDescription=None of the requested orientations are supported by the view controller. Requested: landscapeRight; Supported: portrait}"#,
          objects: [])
      ],
      sources: [
        "https://github.com/rickytan/RTRootNavigationController/issues/307",
        "https://github.com/capawesome-team/capacitor-plugins/issues/100",
      ]),
  ]

  static let navigation: [ConsoleEntry] = [
    ConsoleEntry(
      id: "nested-navigation", name: "Overlapping push or pop",
      uikitSays: "nested push animation can result in corrupted navigation bar",
      hint:
        "Start a push or pop only after the previous one finished (the transition coordinator's completion, or navigationController(_:didShow:animated:)).",
      anchors: ["nested p", "Finishing up", "Attempt"],
      variants: [
        ConsolePattern("nested push animation can result in"),
        ConsolePattern("nested pop animation can result in"),
        ConsolePattern("Finishing up a navigation transition in an unexpected state"),
        ConsolePattern(
          "Attempting to begin a transition on navigation bar (", .object("bar"), ") while a transition is in progress"),
      ],
      examples: [
        ConsoleExample(
          "2019-05-06 07:08:09.101 SwipeNav[765:43210] nested push animation can result in corrupted navigation bar",
          objects: []),
        ConsoleExample(
          "2019-05-06 07:08:09.102 SwipeNav[765:43210] Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.",
          objects: []),
      ],
      sources: [
        "https://github.com/CharlinFeng/SwipeNavigationVC/issues/2",
        "https://github.com/HeroTransitions/Hero/issues/638",
      ]),
    ConsoleEntry(
      id: "push-same-instance", name: "Same controller pushed twice", severity: .error, isException: true,
      uikitSays:
        "<UINavigationController: 0x…> is pushing the same view controller instance (<X>) more than once which is not supported and is most likely an error in the application",
      hint: "Check topViewController (or the stack) before pushing, and ignore repeated taps while a push runs.",
      anchors: ["instance"],
      variants: [
        ConsolePattern(
          "Pushing the same view controller instance more than once is not supported",
          .optional(["(", .object("vc"), ")"])),
        ConsolePattern("is pushing the same view controller instance (", .object("vc"), ") more than once"),
      ],
      examples: [
        ConsoleExample(
          "reason: 'Pushing the same view controller instance more than once is not supported (<ARArtworkSetViewController: 0x7fb9d3e52f10>)'",
          objects: ["ARArtworkSetViewController 0x7fb9d3e52f10"]),
        ConsoleExample(
          "reason: '<UINavigationController: 0x7fd0e9021000> is pushing the same view controller instance (<SwiftAlgorithms.DetailViewController: 0x7fd0e8c0b6e0>) more than once which is not supported and is most likely an error in the application : com.thexande.SwiftAlgorithms'",
          objects: ["SwiftAlgorithms.DetailViewController 0x7fd0e8c0b6e0"]),
      ],
      sources: ["https://github.com/artsy/eigen/issues/2188", "https://github.com/thexande/SwiftAlgorithms/issues/31"]),
    ConsoleEntry(
      id: "missing-root-view-controller", name: "Window without a root view controller",
      uikitSays: "Application windows are expected to have a root view controller at the end of application launch",
      hint: "Set window.rootViewController before application(_:didFinishLaunchingWithOptions:) returns.",
      anchors: ["root view controller"],
      variants: [
        ConsolePattern(
          "Application windows are expected to have a root view controller at the end of application launch")
      ],
      examples: [
        ConsoleExample(
          "2012-10-01 12:34:56.789 Three20Demo[4321:c07] Application windows are expected to have a root view controller at the end of application launch",
          objects: [])
      ],
      sources: ["https://github.com/facebookarchive/three20/pull/822"]),
  ]
}
