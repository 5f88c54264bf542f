import TraceModel

/// The controller now on screen does not support the interface orientation, and UIKit will
/// not rotate until the device moves.
struct UnsupportedOrientationShownRule: Rule {
  static let description = RuleDescription(
    id: "unsupported-orientation-shown", name: "Shown in an unsupported orientation", severity: .warning,
    area: .orientation,
    summary: "After a pop, a tab switch, a stack replacement, a custom transition or a dismissal, the controller on "
      + "screen does not support the current interface orientation, and UIKit will not rotate until the device moves.",
    background: """
      UIKit decides the orientation again only when the device rotates, when a controller is presented or \
      dismissed full screen, and on attemptRotationToDeviceOrientation (iOS 16: \
      setNeedsUpdateOfSupportedInterfaceOrientations) — not on push, pop or tab switch. So popping from a \
      landscape-capable screen back to a portrait-only one leaves the portrait-only screen in landscape until the \
      device moves. Checked against the controllers' own recorded \
      answers to supportedInterfaceOrientations; iPad apps that support multitasking are exempt.
      """,
    hint: "Call UIViewController.attemptRotationToDeviceOrientation() after the change (iOS 16+: "
      + "setNeedsUpdateOfSupportedInterfaceOrientations() on the controller), or present the screen full screen.",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/attemptrotationtodeviceorientation(); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/setneedsupdateofsupportedinterfaceorientations(); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations",
    introduced: OSVersion(6),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"RotatingNavigationController","kind":"navigation"}
        {"ev":"push","nav":"0xa1","vc":"0xb2","class":"MainViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"VideoViewController","animated":true}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"supportedInterfaceOrientations","vc":"0xc3","mask":"allButUpsideDown"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"allButUpsideDown"}
        {"ev":"willRotate","vc":"0xa1","to":"landscapeRight"}
        ↓{"ev":"pop","nav":"0xa1","vc":"0xc3","animated":true}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0","orientation":"landscapeRight"}
        {"ev":"setRoot","vc":"0xt","class":"UITabBarController"}
        {"ev":"setViewControllers","container":"0xt","vcs":["0xm","0xs"]}
        {"ev":"supportedInterfaceOrientations","vc":"0xs","mask":"portrait"}
        ↓{"ev":"selectTab","tab":"0xt","vc":"0xs"}
        """),
    ],
    nonTriggering: [
      // Still portrait: nothing to fix.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        {"ev":"push","nav":"0xa1","vc":"0xc3"}
        {"ev":"pop","nav":"0xa1","vc":"0xc3"}
        """),
      // An iPad app that supports multitasking rotates whatever controllers answer.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0","orientation":"landscapeRight"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        {"ev":"push","nav":"0xa1","vc":"0xc3"}
        {"ev":"pop","nav":"0xa1","vc":"0xc3"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .unsupportedOrientationShown(let vc, let orientation, let mask, let cause) = step.observation else {
      return
    }
    findings.report(
      Self.self, at: step,
      "after \(cause), \(step.describe(vc)) is on screen in \(orientation), which its supportedInterfaceOrientations "
        + "(\(mask)) excludes; UIKit does not decide orientation again on \(cause) and stays in \(orientation) until "
        + "the device moves",
      subjects: [vc])
  }
}
