/// Legal containment, windows and orientation: traceq must stay silent.
extension CorpusCase {
  static let containersAndOrientation: [CorpusCase] = [
    CorpusCase(
      "custom container adds and removes a child as documented",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:)", os: "9.0",
      """
      {"ev":"setRoot","vc":"0xr","class":"ContainerViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xc"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}
      {"ev":"willMoveToParent","vc":"0xc","parent":null}
      {"ev":"removeFromParent","vc":"0xc"}
      """),
    CorpusCase(
      "transition(from:to:) between two children, completion does didMove and removeFromParent",
      source:
        "https://developer.apple.com/documentation/uikit/uiviewcontroller/transition(from:to:duration:options:animations:completion:)",
      os: "9.0",
      """
      {"ev":"setRoot","vc":"0xr","class":"PagerViewController"}
      {"ev":"addChild","parent":"0xr","vc":"0xa"}
      {"ev":"didMoveToParent","vc":"0xa","parent":"0xr"}
      {"ev":"willMoveToParent","vc":"0xa","parent":null}
      {"ev":"addChild","parent":"0xr","vc":"0xb"}
      {"ev":"transition","parent":"0xr","from":"0xa","to":"0xb","duration":0.3}
      {"ev":"didMoveToParent","vc":"0xb","parent":"0xr"}
      {"ev":"removeFromParent","vc":"0xa"}
      """),
    CorpusCase(
      "iPad multitasking app: controller masks are not consulted",
      source:
        "https://developer.apple.com/documentation/bundleresources/information-property-list/uirequiresfullscreen",
      os: "9.0", idiom: "pad", header: #""supported":"all""#,
      """
      {"ev":"setRoot","vc":"0xr","class":"GameViewController"}
      {"ev":"supportedInterfaceOrientations","vc":"0xr","mask":"landscape"}
      {"ev":"deviceOrientation","orientation":"portrait"}
      {"ev":"deviceOrientation","orientation":"portraitUpsideDown"}
      """),
    CorpusCase(
      "iOS 16 ignores shouldAutorotate NO: the rotation happens",
      source: "https://github.com/SwiftKickMobile/SwiftMessages/issues/501", os: "16.0",
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"shouldAutorotate","vc":"0xr","value":false}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      {"ev":"viewWillTransitionToSize","vc":"0xr","width":844,"height":390}
      """),
    CorpusCase(
      "iOS 16: the portrait screen asks UIKit to update orientations as it appears",
      source:
        "https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofsupportedinterfaceorientations()",
      os: "16.4",
      """
      {"ev":"setRoot","vc":"0xn","class":"RotatingNavigationController","kind":"navigation"}
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
      {"ev":"setNeedsUpdateOfSupportedInterfaceOrientations","vc":"0xa"}
      {"ev":"supportedInterfaceOrientations","vc":"0xn","mask":"portrait"}
      {"ev":"viewDidDisappear","vc":"0xv"}
      {"ev":"viewDidAppear","vc":"0xa"}
      """),
    CorpusCase(
      "iOS 7 rotation with its callbacks, in order",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/willrotate(to:duration:)", os: "7.0",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"push","nav":"0xn","vc":"0xa"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      {"ev":"willRotate","vc":"0xn","to":"landscapeRight","duration":0.4}
      {"ev":"willRotate","vc":"0xa","to":"landscapeRight","duration":0.4}
      {"ev":"willAnimateRotation","vc":"0xa","to":"landscapeRight","duration":0.4}
      {"ev":"didRotate","vc":"0xa","from":"portrait"}
      {"ev":"didRotate","vc":"0xn","from":"portrait"}
      """),
    CorpusCase(
      "iPad full-screen app, landscape only, rotating between the landscapes",
      source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations",
      os: "12.0", idiom: "pad",
      header: #""supported":"landscape","orientation":"landscapeLeft","requiresFullScreen":true"#,
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"supportedInterfaceOrientations","vc":"0xr","mask":"landscape"}
      {"ev":"deviceOrientation","orientation":"landscapeLeft"}
      {"ev":"deviceOrientation","orientation":"landscapeRight"}
      """),
    CorpusCase(
      "an overlay window whose root agrees with the app's orientations",
      source: "https://github.com/calimarkus/JDStatusBarNotification/issues/105", os: "9.0",
      header: #""supported":"portrait""#,
      """
      {"ev":"setRoot","vc":"0xr"}
      {"ev":"setRoot","vc":"0xj","class":"JDStatusBarNotificationViewController","window":"statusBar"}
      {"ev":"supportedInterfaceOrientations","vc":"0xj","mask":"portrait"}
      """),
    CorpusCase(
      "two scenes, each window's root presents for its own scene",
      source: "https://developer.apple.com/documentation/uikit/uiwindowscene", os: "14.0", idiom: "pad",
      """
      {"ev":"setRoot","vc":"0xa","window":"scene1"}
      {"ev":"viewWillAppear","vc":"0xa"}
      {"ev":"viewDidAppear","vc":"0xa"}
      {"ev":"setRoot","vc":"0xb","window":"scene2"}
      {"ev":"viewWillAppear","vc":"0xb"}
      {"ev":"viewDidAppear","vc":"0xb"}
      {"ev":"present","presenter":"0xa","vc":"0xs1","style":"formSheet"}
      {"ev":"present","presenter":"0xb","vc":"0xs2","style":"formSheet"}
      """),
    CorpusCase(
      "a freed controller's address reused by a controller of another class",
      source: "https://developer.apple.com/documentation/objectivec/nsobject/1571947-dealloc", os: "14.0",
      """
      {"ev":"setRoot","vc":"0xn","class":"UINavigationController"}
      {"ev":"viewWillAppear","vc":"0xn"}
      {"ev":"viewDidAppear","vc":"0xn"}
      {"ev":"push","nav":"0xn","vc":"0xa","class":"ListViewController"}
      {"ev":"push","nav":"0xn","vc":"0xp","class":"PagerViewController"}
      {"ev":"addChild","parent":"0xp","vc":"0xc","class":"PageViewController"}
      {"ev":"didMoveToParent","vc":"0xc","parent":"0xp"}
      {"ev":"pop","nav":"0xn","vc":"0xp"}
      {"ev":"present","presenter":"0xa","vc":"0xc","class":"ShareViewController","style":"fullScreen"}
      """),
  ]
}
