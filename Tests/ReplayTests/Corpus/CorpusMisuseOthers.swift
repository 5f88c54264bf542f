/// Misuse of popovers, containment, navigation and orientation from public reports.
extension CorpusCase {
  static let misuseOthers: [CorpusCase] = [
    CorpusCase(
      "Homepwner: the camera button tapped twice on iPad",
      source: "https://github.com/steamclock/internetmap/issues/8", os: "7.0", idiom: "pad",
      expect: ["6 double-presented-popover", "7 popover-released-while-visible"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"popoverCreate","popover":"0xp1","vc":"0xc1","class":"UIImagePickerController"}
      {"ev":"popoverPresent","popover":"0xp1","from":"barButtonItem"}
      {"ev":"popoverCreate","popover":"0xp2","vc":"0xc2","class":"UIImagePickerController"}
      {"ev":"popoverPresent","popover":"0xp2","from":"barButtonItem"}
      {"ev":"popoverRelease","popover":"0xp1"}
      """),
    CorpusCase(
      "a visible popover held in a local variable is released (ARC)",
      source: "https://github.com/lionheart/openradar-mirror/issues/5009", os: "6.1", idiom: "pad",
      expect: ["5 popover-released-while-visible"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"popoverCreate","popover":"0xp","vc":"0xc"}
      {"ev":"popoverPresent","popover":"0xp","from":"rect"}
      {"ev":"popoverRelease","popover":"0xp"}
      """),
    CorpusCase(
      "UIPopoverController created on an iPhone with iOS 8",
      source: "https://github.com/vandadnp/iOS-8-Swift-Programming-Cookbook/issues/4", os: "8.0",
      expect: ["3 popover-on-phone"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"popoverCreate","popover":"0xp","vc":"0xc"}
      """),
    CorpusCase(
      "a second popover presentation while one is shown",
      source: "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/popover", os: "12.0",
      idiom: "pad", header: #""requiresFullScreen":true"#, expect: ["8 already-presenting"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xp","style":"popover"}
      {"ev":"viewWillAppear","vc":"0xp"}
      {"ev":"viewDidAppear","vc":"0xp"}
      {"ev":"present","presenter":"0xr","vc":"0xq","style":"popover"}
      """),
    CorpusCase(
      "addChild without didMoveToParent, then removed",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:)", os: "9.0",
      expect: ["5 did-move-missing"],
      """
      {"ev":"setRoot","vc":"0xr","class":"ContainerViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"willMoveToParent","vc":"0xc","parent":null}
      {"ev":"removeFromParent","vc":"0xc"}
      """),
    CorpusCase(
      "removeFromParent without willMoveToParent(nil)",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/willmove(toparent:)", os: "9.0",
      expect: ["5 will-move-missing"],
      """
      {"ev":"setRoot","vc":"0xr","class":"ContainerViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"removeFromParent","vc":"0xc"}
      """),
    CorpusCase(
      "transition(from:to:) to a controller that is not a child",
      source: "https://github.com/Awful/Awful.app/issues/213", os: "7.0",
      expect: ["5 transition-without-common-parent"],
      """
      {"ev":"setRoot","vc":"0xr","class":"AwfulBasementViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xa"}
      {"ev":"didMoveToParent","vc":"0xa","parent":"0xr"}
      {"ev":"transition","parent":"0xr","from":"0xa","to":"0xb"}
      """),
    CorpusCase(
      "the same controller pushed twice (iOS 12)",
      source: "https://github.com/artsy/eigen/issues/2188", os: "12.4", expect: ["5 push-same-instance"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"push","nav":"0xn","vc":"0xb","class":"ArtworkViewController","animated":true}
      {"ev":"push","nav":"0xn","vc":"0xb","animated":true}
      """),
    CorpusCase(
      "the same controller pushed twice (iOS 13 wording)",
      source: "https://github.com/thexande/SwiftAlgorithms/issues/31", os: "13.0", expect: ["4 push-same-instance"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa","class":"AlgorithmViewController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      """),
    CorpusCase(
      "a status-bar window whose root shares no orientation with the app",
      source: "https://github.com/calimarkus/JDStatusBarNotification/issues/105", os: "9.0",
      header: #""supported":"portrait""#, expect: ["3 no-common-orientation"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"setRoot","vc":"0xj","class":"JDStatusBarNotificationViewController","window":"statusBar"}
      {"ev":"supportedInterfaceOrientations","vc":"0xj","mask":"landscape"}
      """),
    CorpusCase(
      "an image picker presented full screen in a landscape-only app",
      source: "https://github.com/Instabug/Instabug-iOS/issues/90", os: "8.0",
      header: #""supported":"landscape","orientation":"landscapeLeft""#, expect: ["5 no-common-orientation"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xp","class":"UIImagePickerController","style":"fullScreen"}
      {"ev":"supportedInterfaceOrientations","vc":"0xp","mask":"portrait"}
      """),
    CorpusCase(
      "a photo browser preferring an orientation it does not support",
      source: "https://github.com/thiagoperes/IDMPhotoBrowser/issues/31", os: "7.0",
      expect: ["5 preferred-orientation-unsupported"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xb","class":"IDMPhotoBrowser","style":"fullScreen"}
      {"ev":"supportedInterfaceOrientations","vc":"0xb","mask":"landscape"}
      {"ev":"preferredInterfaceOrientation","vc":"0xb","orientation":"portrait"}
      """),
    CorpusCase(
      "a portrait-only app does not rotate (reported as a note)",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations",
      os: "12.0", expect: ["4 rejected-orientation"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"supportedInterfaceOrientations","vc":"0xr","mask":"portrait"}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      """),
    CorpusCase(
      "attemptRotation does not bring back a portrait-only screen while the device is landscape",
      source: "https://gist.github.com/felix-schwarz/417ece0fd3001d4831fc", os: "12.0",
      expect: ["15 unsupported-orientation-shown"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"supportedInterfaceOrientations","vc":"0xa","mask":"portrait"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"push","nav":"0xn","vc":"0xv"}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xv"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xv"}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      {"ev":"pop","nav":"0xn","vc":"0xv"}
      {"ev":"viewWillDisappear","vc":"0xv"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"attemptRotation"}
      {"ev":"supportedInterfaceOrientations","vc":"0xn","mask":"portrait"}
      {"ev":"viewDidDisappear","vc":"0xv"}
      {"ev":"viewDidAppear","vc":"0xa"}
      """),
    CorpusCase(
      "rotation forwarded by hand to a popped controller",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/didrotate(from:)", os: "7.0",
      expect: ["14 rotation-callback-mismatch"],
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"push","nav":"0xn","vc":"0xb"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"pop","nav":"0xn","vc":"0xb"}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xb"}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      {"ev":"willRotate","vc":"0xn","to":"landscapeRight"}
      {"ev":"willRotate","vc":"0xa","to":"landscapeRight"}
      {"ev":"didRotate","vc":"0xa","from":"portrait"}
      {"ev":"didRotate","vc":"0xb","from":"portrait"}
      """),
    CorpusCase(
      "rotation callbacks although the app stopped orientation notifications: the model learns",
      source:
        "https://developer.apple.com/documentation/uikit/uidevice/endgeneratingdeviceorientationnotifications()",
      os: "7.1", expect: ["7 model-disagreement"],
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"deviceNotifications","on":false}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      {"ev":"willRotate","vc":"0xr","to":"landscapeRight"}
      {"ev":"didRotate","vc":"0xr","from":"portrait"}
      """),
  ]
}
