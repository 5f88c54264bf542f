/// Misuse reported in public bug reports and documented by Apple: traceq must report it, where
/// UIKit logs or throws.
extension CorpusCase {
  static let misuse: [CorpusCase] = [
    CorpusCase(
      "a container calls beginAppearanceTransition twice",
      source: "https://github.com/griddynamics-archive/MMDrawerController/pull/66", os: "7.0",
      expect: ["6 unbalanced-appearance"],
      """
      {"ev":"setRoot","vc":"0xr","class":"MMDrawerController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":true,"animated":true}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":true,"animated":true}
      """),
    CorpusCase(
      "a second endAppearanceTransition fires viewDidAppear again",
      source: "https://github.com/rechsteiner/Parchment/pull/373", os: "11.0",
      expect: ["9 unbalanced-appearance", "10 unbalanced-appearance"],
      """
      {"ev":"setRoot","vc":"0xr","class":"PagingViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":true,"animated":false}
      {"ev":"viewWillAppear","vc":"0xc"}
      {"ev":"endAppearanceTransition","vc":"0xc"}
      {"ev":"viewDidAppear","vc":"0xc"}
      {"ev":"endAppearanceTransition","vc":"0xc"}
      {"ev":"viewDidAppear","vc":"0xc"}
      """),
    CorpusCase(
      "viewWillAppear called by hand on a child UIKit also forwards to",
      source: "https://github.com/Haptic-Apps/Slide-iOS/issues/266", os: "12.0",
      expect: ["6 unbalanced-appearance"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      """),
    CorpusCase(
      "a presentation's appearance never completes",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/endappearancetransition()",
      os: "12.0", expect: ["6 unfinished-appearance"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":true,"animated":true}
      {"ev":"viewWillAppear","vc":"0xc"}
      """),
    CorpusCase(
      "presenting on a root that already presents (iOS 9)",
      source: "https://github.com/airbrake/airbrake-ios/issues/91", os: "9.0",
      expect: ["10 already-presenting"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xa","style":"fullScreen"}
      {"ev":"viewWillDisappear","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidDisappear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"present","presenter":"0xr","vc":"0xb","class":"AirbrakeNoticeViewController"}
      """),
    CorpusCase(
      "iOS 15: a child presents while its navigation controller already presents",
      source: "https://github.com/mozilla-mobile/firefox-ios/issues/9755", os: "15.1",
      expect: ["10 already-presenting"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xb","class":"BrowserViewController"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"present","presenter":"0xb","vc":"0xs","style":"pageSheet"}
      {"ev":"viewWillAppear","vc":"0xs"}
      {"ev":"present","presenter":"0xb","vc":"0xt","class":"UIAlertController","style":"custom"}
      {"ev":"viewDidAppear","vc":"0xs"}
      """),
    CorpusCase(
      "presenting right after setting the root, before the window shows",
      source: "https://github.com/QuickBirdEng/XCoordinator/issues/15", os: "11.4",
      expect: ["3 not-in-window-hierarchy"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"present","presenter":"0xn","vc":"0xm","class":"UINavigationController","style":"fullScreen"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewDidAppear","vc":"0xn"}
      """),
    CorpusCase(
      "presenting from a controller popped off its stack",
      source: "https://github.com/ivpusic/react-native-image-crop-picker/issues/1631", os: "14.5",
      expect: ["17 not-in-window-hierarchy"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"push","nav":"0xn","vc":"0xb","class":"ImagePickerHostViewController"}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"pop","nav":"0xn","vc":"0xb"}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidDisappear","vc":"0xb"}
      {"ev":"present","presenter":"0xb","vc":"0xp","class":"UIImagePickerController","style":"fullScreen"}
      {"ev":"viewDidAppear","vc":"0xa"}
      """),
    CorpusCase(
      "a second present while the first still animates",
      source: "https://github.com/zetachang/DCModalSegue/issues/10", os: "7.1",
      expect: ["6 present-during-transition"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xa","style":"fullScreen","animated":true}
      {"ev":"present","presenter":"0xa","vc":"0xb","style":"fullScreen","animated":true}
      """),
    CorpusCase(
      "a dismiss while the presentation still animates",
      source: "https://github.com/jonkykong/SideMenu/issues/323", os: "11.0",
      expect: ["6 dismiss-during-transition"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xm","class":"SideMenuNavigationController","animated":true}
      {"ev":"dismiss","vc":"0xm","animated":true}
      """),
    CorpusCase(
      "the Close button tapped twice while the dismissal animates",
      source: "https://github.com/zoonooz/ZFDragableModalTransition/issues/3", os: "9.0",
      expect: ["12 dismiss-during-transition"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xn","class":"UINavigationController","style":"fullScreen"}
      {"ev":"setViewControllers","container":"0xn","vcs":["0xc"]}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xc"}
      {"ev":"viewDidAppear","vc":"0xc"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"dismiss","vc":"0xc","animated":true}
      {"ev":"dismiss","vc":"0xc","animated":true}
      """),
    CorpusCase(
      "presenting the window's own navigation controller",
      source: "https://github.com/OpenTreeMap/otm-ios/issues/362", os: "8.0",
      expect: ["5 present-active-controller"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"present","presenter":"0xa","vc":"0xn"}
      """),
    CorpusCase(
      "presenting a controller that another controller presents (iOS 14+)",
      source: "https://github.com/stripe-archive/firebase-mobile-payments/issues/7", os: "15.0",
      expect: ["8 present-active-controller"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xs","class":"STPPaymentOptionsViewController","style":"pageSheet"}
      {"ev":"viewWillAppear","vc":"0xs"}
      {"ev":"viewDidAppear","vc":"0xs"}
      {"ev":"present","presenter":"0xs","vc":"0xs"}
      """),
    CorpusCase(
      "iOS 17: presenting from a detached controller",
      source: "https://github.com/LeoNatan/LNPopupController/issues/560", os: "17.4",
      expect: ["7 present-from-detached"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xd","class":"PopupContentViewController"}
      {"ev":"viewDidAppear","vc":"0xd"}
      {"ev":"present","presenter":"0xd","vc":"0xs","style":"fullScreen"}
      """),
  ]
}
