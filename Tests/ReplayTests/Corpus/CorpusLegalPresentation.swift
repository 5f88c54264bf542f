/// Legal presentations, popovers, containers, windows and rotations: traceq must stay silent.
extension CorpusCase {
  static let presentation: [CorpusCase] = [
    CorpusCase(
      "iOS 13 sheet swiped down, then presented again",
      source: "https://github.com/ReSwift/ReSwift/issues/412", os: "13.1",
      """
      {"ev":"setRoot","vc":"0xr","class":"RootViewController"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xs","class":"SettingsViewController","animated":true}
      {"ev":"viewWillAppear","vc":"0xs"}
      {"ev":"viewDidAppear","vc":"0xs"}
      {"ev":"presentCompleted","vc":"0xs"}
      {"ev":"viewWillDisappear","vc":"0xs"}
      {"ev":"viewDidDisappear","vc":"0xs"}
      {"ev":"present","presenter":"0xr","vc":"0xs","animated":true}
      """),
    CorpusCase(
      "iOS 13 sheet: the presenter gets no disappearance",
      source: "https://github.com/Yummypets/YPImagePicker/issues/517", os: "13.0",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xs","style":"automatic","animated":true}
      {"ev":"viewWillAppear","vc":"0xs"}
      {"ev":"viewDidAppear","vc":"0xs"}
      {"ev":"dismiss","vc":"0xs","animated":true}
      {"ev":"viewWillDisappear","vc":"0xs"}
      {"ev":"viewDidDisappear","vc":"0xs"}
      {"ev":"dismissCompleted","vc":"0xs"}
      """),
    CorpusCase(
      "dismiss after the present's completion",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)",
      os: "11.0",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xb","style":"fullScreen","animated":true}
      {"ev":"viewWillDisappear","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"presentCompleted","vc":"0xb"}
      {"ev":"dismiss","vc":"0xb","animated":true}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidDisappear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xr"}
      """),
    CorpusCase(
      "iOS 7: a detached controller presents (no warning before iOS 8)",
      source: "https://github.com/John-Lluch/SWRevealViewController/issues/344", os: "7.1",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xm","class":"FrontViewController"}
      {"ev":"viewDidAppear","vc":"0xm"}
      {"ev":"present","presenter":"0xm","vc":"0xs","style":"fullScreen"}
      """),
    CorpusCase(
      "Close button: dismiss sent to the presented navigation controller's child, then present again",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller",
      os: "12.0",
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
      {"ev":"dismissCompleted","vc":"0xc"}
      {"ev":"present","presenter":"0xr","vc":"0xe","style":"fullScreen"}
      """),
    CorpusCase(
      "current context: each tab's navigation controller presents for its tab",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/definespresentationcontext",
      os: "12.0", idiom: "pad", header: #""requiresFullScreen":true"#,
      """
      {"ev":"setRoot","vc":"0xt","class":"UITabBarController"}
      {"ev":"setViewControllers","container":"0xt","vcs":["0xn1","0xn2"]}
      {"ev":"setViewControllers","container":"0xn1","vcs":["0xa"]}
      {"ev":"setViewControllers","container":"0xn2","vcs":["0xb"]}
      {"ev":"viewWillAppear","vc":"0xt"}
      {"ev":"viewWillAppear","vc":"0xn1","class":"UINavigationController"}
      {"ev":"viewDidAppear","vc":"0xn1"}
      {"ev":"viewDidAppear","vc":"0xt"}
      {"ev":"present","presenter":"0xa","vc":"0xx","style":"currentContext"}
      {"ev":"selectTab","tab":"0xt","vc":"0xn2","class":"UINavigationController"}
      {"ev":"present","presenter":"0xb","vc":"0xy","style":"currentContext"}
      """),
    CorpusCase(
      "overFullScreen leaves the presenter appeared",
      source: "https://regularberry.github.io/2019/02/22/why-isnt-viewwillappear-getting-called.html", os: "12.0",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xo","style":"overFullScreen","animated":true}
      {"ev":"viewWillAppear","vc":"0xo"}
      {"ev":"viewDidAppear","vc":"0xo"}
      {"ev":"dismiss","vc":"0xo","animated":true}
      {"ev":"viewWillDisappear","vc":"0xo"}
      {"ev":"viewDidDisappear","vc":"0xo"}
      """),
    CorpusCase(
      "iPad popover presentation tapped away, then another popover",
      source: "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/popover", os: "12.0",
      idiom: "pad", header: #""requiresFullScreen":true"#,
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xp","style":"popover","animated":true}
      {"ev":"viewWillAppear","vc":"0xp"}
      {"ev":"viewDidAppear","vc":"0xp"}
      {"ev":"viewWillDisappear","vc":"0xp"}
      {"ev":"viewDidDisappear","vc":"0xp"}
      {"ev":"present","presenter":"0xr","vc":"0xq","style":"popover","animated":true}
      {"ev":"viewWillAppear","vc":"0xq"}
      {"ev":"viewDidAppear","vc":"0xq"}
      """),
    CorpusCase(
      "iPad form sheet (Homepwner): the list stays on screen",
      source: "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/formsheet", os: "7.0",
      idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa","class":"BNRItemsViewController"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"present","presenter":"0xa","vc":"0xd","class":"UINavigationController","style":"formSheet","animated":true}
      {"ev":"viewWillAppear","vc":"0xd"}
      {"ev":"viewDidAppear","vc":"0xd"}
      {"ev":"dismiss","vc":"0xd","animated":true}
      {"ev":"viewWillDisappear","vc":"0xd"}
      {"ev":"viewDidDisappear","vc":"0xd"}
      {"ev":"present","presenter":"0xa","vc":"0xe","style":"formSheet","animated":true}
      """),
    CorpusCase(
      "an alert presented from the top-most presented controller",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller", os: "15.0",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xs","style":"pageSheet"}
      {"ev":"viewWillAppear","vc":"0xs"}
      {"ev":"viewDidAppear","vc":"0xs"}
      {"ev":"present","presenter":"0xs","vc":"0xal","class":"UIAlertController","style":"custom"}
      """),
    CorpusCase(
      "a sheet holding a navigation controller: push inside, then swiped down",
      source: "https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/pagesheet", os: "16.0",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"present","presenter":"0xr","vc":"0xn","class":"UINavigationController","style":"pageSheet"}
      {"ev":"setViewControllers","container":"0xn","vcs":["0xa"]}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"push","nav":"0xn","vc":"0xb","animated":true}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"viewWillDisappear","vc":"0xn"}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xn"}
      {"ev":"present","presenter":"0xr","vc":"0xn","style":"pageSheet"}
      """),
    CorpusCase(
      "UIPopoverController: visible check, dismiss, then a new popover (the book's fix)",
      source: "https://developer.apple.com/documentation/uikit/uipopovercontroller", os: "7.0", idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"popoverCreate","popover":"0xp1","vc":"0xc1","class":"UIImagePickerController"}
      {"ev":"popoverPresent","popover":"0xp1","from":"barButtonItem"}
      {"ev":"popoverDismiss","popover":"0xp1","animated":true}
      {"ev":"popoverRelease","popover":"0xp1"}
      {"ev":"popoverCreate","popover":"0xp2","vc":"0xc2","class":"UIImagePickerController"}
      {"ev":"popoverPresent","popover":"0xp2","from":"barButtonItem"}
      """),
    CorpusCase(
      "UIPopoverController dismissed by the user, then released",
      source:
        "https://developer.apple.com/documentation/uikit/uipopovercontrollerdelegate/popovercontrollerdiddismisspopover(_:)",
      os: "6.1", idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"popoverCreate","popover":"0xp","vc":"0xc"}
      {"ev":"popoverPresent","popover":"0xp","from":"rect"}
      {"ev":"popoverDidDismiss","popover":"0xp"}
      {"ev":"popoverRelease","popover":"0xp"}
      """),
    CorpusCase(
      "a rect popover presented again in didRotate",
      source: "https://developer.apple.com/documentation/uikit/uipopovercontroller", os: "7.0", idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"popoverCreate","popover":"0xp","vc":"0xc"}
      {"ev":"popoverPresent","popover":"0xp","from":"rect"}
      {"ev":"deviceOrientation","orientation":"landscapeRight"}
      {"ev":"willRotate","vc":"0xr","to":"landscapeLeft"}
      {"ev":"didRotate","vc":"0xr","from":"portrait"}
      {"ev":"popoverPresent","popover":"0xp","from":"rect"}
      """),
  ]
}
