/// Appearance and presentation diagnostics.
extension ConsoleCatalog {
  static let appearance: [ConsoleEntry] = [
    ConsoleEntry(
      id: "unbalanced-appearance", name: "Unbalanced appearance transitions",
      uikitSays: "Unbalanced calls to begin/end appearance transitions for <X>.",
      anchors: ["Unbalanced"],
      variants: [ConsolePattern("Unbalanced calls to begin/end appearance transitions for", .object("vc"))],
      examples: [
        ConsoleExample(
          "2014-11-15 10:11:12.345 Homepwner[1234:a0b] Unbalanced calls to begin/end appearance transitions for <NavViewController: 0x12d50b240>.",
          objects: ["NavViewController 0x12d50b240"]),
        ConsoleExample(
          "Unbalanced calls to begin/end appearance transitions for <NYTPhotosViewController>.",
          objects: ["NYTPhotosViewController"]),
      ],
      sources: [
        "https://github.com/venmo/VENTouchLock/issues/9", "https://github.com/nytimes/NYTPhotoViewer/pull/303",
        "https://github.com/yohannes/Thoughtless/issues/8",
      ]),
    ConsoleEntry(
      id: "load-view-while-deallocating", name: "View loaded while deallocating",
      uikitSays:
        "Attempting to load the view of a view controller while it is deallocating is not allowed and may result in undefined behavior",
      hint: "Do not touch `view` (or `isViewLoaded` checks that load it) from `deinit`/`dealloc` or code it triggers.",
      anchors: ["Attempt"],
      variants: [
        ConsolePattern("Attempting to load the view of a view controller while it is deallocating is not allowed")
      ],
      examples: [
        ConsoleExample(
          "2016-02-01 12:00:00.000 Demo[301:60b] Attempting to load the view of a view controller while it is deallocating is not allowed and may result in undefined behavior (<UIAlertController: 0x7fb3>)",
          objects: [])
      ],
      sources: ["https://github.com/search?q=%22while+it+is+deallocating+is+not+allowed%22&type=issues"]),
  ]

  /// `(from <S>)`, which iOS 14+ adds after the presenter.
  private static let fromSource = ConsolePattern.Piece.optional(["(from", .object("source"), ")"])

  static let presentation: [ConsoleEntry] = [
    ConsoleEntry(
      id: "already-presenting", name: "Already presenting",
      uikitSays: "Attempt to present <X> on <Y> (from <S>) which is already presenting <Z>.",
      anchors: ["Attempt"],
      variants: [
        ConsolePattern(
          "Attempt to present", .object("presented"), "on", .object("presenter"), fromSource,
          "which is already presenting", .object("current"))
      ],
      examples: [
        ConsoleExample(
          "2021-11-02 10:11:12.345678+0100 Client[9512:2380456] [Presentation] Attempt to present <UIAlertController: 0x10a8c3a00> on <Client.BrowserViewController: 0x1090c5e00> (from <Client.BrowserViewController: 0x1090c5e00>) which is already presenting <Client.PhotonActionSheet: 0x10a0a9200>.",
          objects: [
            "UIAlertController 0x10a8c3a00", "Client.BrowserViewController 0x1090c5e00",
            "Client.BrowserViewController 0x1090c5e00", "Client.PhotonActionSheet 0x10a0a9200",
          ]),
        ConsoleExample(
          "Warning: Attempt to present <UINavigationController: 0x1cd5e2a0>  on <BulletinViewController: 0x1cd44950> which is already presenting (null)",
          objects: ["UINavigationController 0x1cd5e2a0", "BulletinViewController 0x1cd44950", "(null)"]),
      ],
      sources: [
        "https://github.com/mozilla-mobile/firefox-ios/issues/9755",
        "https://github.com/airbrake/airbrake-ios/issues/91",
        "https://github.com/alexaubry/BulletinBoard/issues/154",
      ]),
    ConsoleEntry(
      id: "not-in-window-hierarchy", name: "Presenter not in the window hierarchy",
      uikitSays: "Attempt to present <X> on <Y> (from <S>) whose view is not in the window hierarchy.",
      anchors: ["Attempt"],
      variants: [
        ConsolePattern(
          "Attempt to present", .object("presented"), "on", .object("presenter"), fromSource,
          "whose view is not in the window hierarchy")
      ],
      examples: [
        ConsoleExample(
          "Warning: Attempt to present <UIActivityViewController: 0x7a64f430> on <UINavigationController: 0x7a71b220> whose view is not in the window hierarchy!",
          objects: ["UIActivityViewController 0x7a64f430", "UINavigationController 0x7a71b220"]),
        ConsoleExample(
          "Attempt to present <ImageViewer_swift.ImageCarouselViewController: 0x10c047800> on <BaseNavigationViewController: 0x10c816400> (from <BaseNavigationViewController: 0x10c816400>) whose view is not in the window hierarchy.",
          objects: [
            "ImageViewer_swift.ImageCarouselViewController 0x10c047800", "BaseNavigationViewController 0x10c816400",
            "BaseNavigationViewController 0x10c816400",
          ]),
      ],
      sources: [
        "https://github.com/BobDG/BDGShare/issues/4", "https://github.com/michaelhenry/ImageViewer.swift/issues/135",
        "https://github.com/ivpusic/react-native-image-crop-picker/issues/1631",
      ]),
    ConsoleEntry(
      id: "present-during-transition", name: "Present during a transition",
      uikitSays: "Attempt to present <X> on <Y> (from <S>) while a presentation is in progress.",
      anchors: ["Attempt"],
      variants: [
        ConsolePattern(
          "Attempt to present", .object("presented"), "on", .object("presenter"), fromSource,
          "while a presentation is in progress"),
        ConsolePattern(
          "Attempt to present", .object("presented"), "on", .object("presenter"), fromSource,
          "which is waiting for a delayed presention of", .object("pending")),
      ],
      examples: [
        ConsoleExample(
          "Warning: Attempt to present <DCModalViewController: 0x8e5e8b0> on <UINavigationController: 0x8d4a1c0> while a presentation is in progress!",
          objects: ["DCModalViewController 0x8e5e8b0", "UINavigationController 0x8d4a1c0"])
      ],
      sources: [
        "https://github.com/zetachang/DCModalSegue/issues/10",
        "https://github.com/ericberman/MyFlightbookiOS/issues/370",
        "https://github.com/nathantannar4/Transmission/issues/103",
      ]),
    ConsoleEntry(
      id: "dismiss-during-transition", name: "Dismiss during a transition",
      uikitSays: "Attempt to dismiss from view controller <X> while a presentation or dismiss is in progress!",
      anchors: ["Attempt", "Trying to dismiss"],
      variants: [
        ConsolePattern(
          "Attempt to dismiss from view controller", .object("vc"), "while a presentation or dismiss is in progress"),
        ConsolePattern("Trying to dismiss the presentation controller while transitioning already"),
      ],
      examples: [
        ConsoleExample(
          "2018-03-01 09:10:11.123456+0100 SideMenuDemo[4567:123456] Warning: Attempt to dismiss from view controller <UISideMenuNavigationController: 0x7fd7d3824a00> while a presentation or dismiss is in progress!",
          objects: ["UISideMenuNavigationController 0x7fd7d3824a00"])
      ],
      sources: [
        "https://github.com/jonkykong/SideMenu/issues/323", "https://github.com/nathantannar4/Transmission/issues/103",
      ]),
    ConsoleEntry(
      id: "present-active-controller", name: "Presenting an active controller",
      isException: true,
      uikitSays: "Application tried to present modally a view controller <X> that is already being presented by <Y>.",
      anchors: ["modally"],
      variants: [
        ConsolePattern("Application tried to present modally an active controller", .object("presented")),
        ConsolePattern(
          "Application tried to present modally a view controller", .object("presented"),
          "that is already being presented by", .object("presenter")),
      ],
      examples: [
        ConsoleExample(
          "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Application tried to present modally an active controller <UINavigationController: 0x7fe4c9813000>.'",
          objects: ["UINavigationController 0x7fe4c9813000"])
      ],
      sources: [
        "https://github.com/OpenTreeMap/otm-ios/issues/362",
        "https://github.com/stripe-archive/firebase-mobile-payments/issues/7",
      ]),
    ConsoleEntry(
      id: "present-nil-controller", name: "Presenting nil", severity: .error, isException: true,
      uikitSays: "Application tried to present a nil modal view controller on target <Y>.",
      hint:
        "The controller passed to present(_:animated:) is nil: check the storyboard identifier or the code that makes it.",
      anchors: ["nil modal"],
      variants: [
        ConsolePattern("Application tried to present a nil modal view controller on target", .object("presenter"))
      ],
      examples: [
        ConsoleExample(
          "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Application tried to present a nil modal view controller on target <MyApp.RootViewController: 0x7f8c5a40b2c0>.'",
          objects: ["MyApp.RootViewController 0x7f8c5a40b2c0"])
      ],
      sources: ["https://github.com/search?q=%22present+a+nil+modal+view+controller+on+target%22&type=issues"]),
    ConsoleEntry(
      id: "present-on-itself", name: "Presenting on itself", severity: .error, isException: true,
      uikitSays: "Application tried to present modal view controller on itself. Presenting controller is <X>.",
      hint: "A controller cannot present itself; present it from the controller that is on screen.",
      anchors: ["on itself"],
      variants: [
        ConsolePattern(
          "Application tried to present modal view controller on itself. Presenting controller is",
          .object("presenter"))
      ],
      examples: [
        ConsoleExample(
          "reason: 'Application tried to present modal view controller on itself. Presenting controller is <UIImagePickerController: 0x1d8ab200>.'",
          objects: ["UIImagePickerController 0x1d8ab200"])
      ],
      sources: ["https://github.com/search?q=%22present+modal+view+controller+on+itself%22&type=issues"]),
    ConsoleEntry(
      id: "present-from-detached", name: "Presenting from a detached controller",
      uikitSays:
        "Presenting view controller <X> from detached view controller <Y> is not supported, and may result in incorrect safe area insets and a corrupt root presentation.",
      anchors: ["detached"],
      variants: [
        ConsolePattern("Presenting view controllers on detached view controllers is discouraged", .object("presenter")),
        ConsolePattern(
          "Presenting view controller", .object("presented"), "from detached view controller", .object("presenter")),
      ],
      examples: [
        ConsoleExample(
          "2015-06-01 10:00:00.000 App[123:4567] Presenting view controllers on detached view controllers is discouraged <SWRevealViewController: 0x7fb0e0c2b8a0>.",
          objects: ["SWRevealViewController 0x7fb0e0c2b8a0"]),
        ConsoleExample(
          "Presenting view controller <LNPopupContentViewController: 0x10581c200> from detached view controller <_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_: 0x105823a00> is not supported, and may result in incorrect safe area insets and a corrupt root presentation.",
          objects: [
            "LNPopupContentViewController 0x10581c200", "_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_ 0x105823a00",
          ]),
      ],
      sources: [
        "https://github.com/John-Lluch/SWRevealViewController/issues/344",
        "https://github.com/LeoNatan/LNPopupController/issues/560",
      ]),
  ]
}
