/// Legal sequences UIKit produces, reconstructed from public evidence: traceq must stay silent.
extension CorpusCase {
  static let legal: [CorpusCase] = appearanceAndNavigation + presentation + containersAndOrientation

  static let appearanceAndNavigation: [CorpusCase] = [
    CorpusCase(
      "navigation push, callbacks in UIKit's order",
      source: "http://alokvnair.com/posts/the-inconsistent-order-of-view-transition-events/", os: "13.0",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa","class":"ListViewController"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"push","nav":"0xn","vc":"0xb","class":"DetailViewController","animated":true}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xb"}
      """),
    CorpusCase(
      "cancelled interactive pop: the top comes back",
      source: "http://alokvnair.com/posts/the-inconsistent-order-of-view-transition-events/", os: "13.0",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"push","nav":"0xn","vc":"0xb","animated":true}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"pop","nav":"0xn","vc":"0xb","animated":true}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"present","presenter":"0xb","vc":"0xs","style":"pageSheet"}
      """),
    CorpusCase(
      "page view controller scroll cancelled",
      source: "http://alokvnair.com/posts/the-inconsistent-order-of-view-transition-events/", os: "13.0",
      """
      {"ev":"setRoot","vc":"0xp","class":"UIPageViewController"}
      {"ev":"addChild","parent":"0xp","vc":"0xa"}
      {"ev":"didMoveToParent","vc":"0xa","parent":"0xp"}
      {"ev":"viewWillAppear","vc":"0xp"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xp"}
      {"ev":"addChild","parent":"0xp","vc":"0xb"}
      {"ev":"didMoveToParent","vc":"0xb","parent":"0xp"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xb"}
      """),
    CorpusCase(
      "page curl cancelled",
      source: "http://alokvnair.com/posts/the-inconsistent-order-of-view-transition-events/", os: "12.0",
      """
      {"ev":"setRoot","vc":"0xp","class":"UIPageViewController"}
      {"ev":"addChild","parent":"0xp","vc":"0xa"}
      {"ev":"didMoveToParent","vc":"0xa","parent":"0xp"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillDisappear","vc":"0xb"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidDisappear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xa"}
      """),
    CorpusCase(
      "custom container forwarding appearance with begin/end, done right",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:)",
      os: "15.0",
      """
      {"ev":"setRoot","vc":"0xr","class":"DrawerViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc","class":"MenuViewController"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":true,"animated":true}
      {"ev":"viewWillAppear","vc":"0xc"}
      {"ev":"endAppearanceTransition","vc":"0xc"}
      {"ev":"viewDidAppear","vc":"0xc"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":false,"animated":true}
      {"ev":"viewWillDisappear","vc":"0xc"}
      {"ev":"endAppearanceTransition","vc":"0xc"}
      {"ev":"viewDidDisappear","vc":"0xc"}
      """),
    CorpusCase(
      "container cancels a begin with the opposite begin, then ends",
      source: "https://douglashill.co/status/1160211814522740737/", os: "13.0",
      """
      {"ev":"setRoot","vc":"0xr","class":"DrawerViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":true,"animated":true}
      {"ev":"viewWillAppear","vc":"0xc"}
      {"ev":"beginAppearanceTransition","vc":"0xc","appearing":false,"animated":true}
      {"ev":"viewWillDisappear","vc":"0xc"}
      {"ev":"endAppearanceTransition","vc":"0xc"}
      {"ev":"viewDidDisappear","vc":"0xc"}
      """),
    CorpusCase(
      "iOS 4: a view inserted by hand, its controller called by hand",
      source: "https://benscheirman.com/2011/08/when-viewwillappear-isnt-called.html", os: "4.3",
      """
      {"ev":"setRoot","vc":"0xr","class":"RootViewController"}
      {"ev":"viewWillAppear","vc":"0xr"}
      {"ev":"viewDidAppear","vc":"0xr"}
      {"ev":"viewWillDisappear","vc":"0xm","class":"MainViewController"}
      {"ev":"viewWillAppear","vc":"0xf","class":"FlipsideViewController"}
      {"ev":"viewDidDisappear","vc":"0xm"}
      {"ev":"viewDidAppear","vc":"0xf"}
      """),
    CorpusCase(
      "a different instance of the same class pushed",
      source: "https://github.com/artsy/eigen/issues/2188", os: "12.4",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa","class":"ArtworkViewController"}
      {"ev":"push","nav":"0xn","vc":"0xb","class":"ArtworkViewController"}
      """),
    CorpusCase(
      "setViewControllers with the root already in the stack, then a present from it",
      source: "https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)",
      os: "7.0", idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"setViewControllers","container":"0xn","vcs":["0xa"]}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewWillAppear","vc":"0xa","class":"BNRItemsViewController"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"setViewControllers","container":"0xn","vcs":["0xa"]}
      {"ev":"present","presenter":"0xa","vc":"0xd","class":"UINavigationController","style":"formSheet"}
      """),
    CorpusCase(
      "setViewControllers sends no willMove to the old top (system container)",
      source: "https://github.com/lionheart/openradar-mirror/issues/3350", os: "8.0",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"push","nav":"0xn","vc":"0xb"}
      {"ev":"setViewControllers","container":"0xn","vcs":["0xc"]}
      """),
    CorpusCase(
      "tab switch: one tab disappears, the other appears",
      source: "https://developer.apple.com/documentation/uikit/uitabbarcontroller", os: "14.0",
      """
      {"ev":"setRoot","vc":"0xt","class":"UITabBarController"}
      {"ev":"setViewControllers","container":"0xt","vcs":["0xa","0xb"]}
      {"ev":"viewWillAppear","vc":"0xt"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xt"}
      {"ev":"selectTab","tab":"0xt","vc":"0xb"}
      {"ev":"viewWillDisappear","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidDisappear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"present","presenter":"0xb","vc":"0xs","style":"pageSheet"}
      """),
    CorpusCase(
      "split view: primary and secondary both on screen",
      source: "https://developer.apple.com/documentation/uikit/uisplitviewcontroller", os: "14.0", idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xs","class":"UISplitViewController"}
      {"ev":"setViewControllers","container":"0xs","vcs":["0xm","0xd"]}
      {"ev":"viewWillAppear","vc":"0xs"}
      {"ev":"viewWillAppear","vc":"0xm"}
      {"ev":"viewWillAppear","vc":"0xd"}
      {"ev":"viewDidAppear","vc":"0xm"}
      {"ev":"viewDidAppear","vc":"0xd"}
      {"ev":"viewDidAppear","vc":"0xs"}
      """),
  ]
}
