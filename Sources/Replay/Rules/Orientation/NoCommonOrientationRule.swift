import TraceModel

/// The deciding controller shares no orientation with the app: UIKit throws.
struct NoCommonOrientationRule: Rule {
  static let description = RuleDescription(
    id: "no-common-orientation", name: "No common orientation", severity: .error, area: .orientation,
    summary: "The app's mask and the deciding controller's supportedInterfaceOrientations share no orientation while "
      + "it autorotates: UIApplicationInvalidInterfaceOrientationException.",
    background: """
      When a controller becomes the one that decides orientation — set as the window's root, or presented full \
      screen — UIKit intersects its supportedInterfaceOrientations with the app's mask (Info.plist, or \
      application(_:supportedInterfaceOrientationsFor:)). An empty intersection raises \
      UIApplicationInvalidInterfaceOrientation when the controller's shouldAutorotate returns YES (iOS 6–15; \
      iOS 16 no longer consults shouldAutorotate). A frequent real cause: a system controller such as \
      UIImagePickerController presented full screen in a landscape-only app.
      """,
    uikitSays: "Supported orientations has no common orientation with the application, and [<Class> shouldAutorotate] "
      + "is returning YES",
    hint: "Make the deciding controller's supportedInterfaceOrientations share an orientation with the app's mask, "
      + "or present it in a way that does not take over orientation (a form sheet or popover on iPad).",
    source: "https://github.com/phoboslab/Ejecta/issues/38 (iOS 6 wording); "
      + "https://github.com/steipete/PSTAlertController/issues/21 (iOS 8+ wording); "
      + "https://github.com/calimarkus/JDStatusBarNotification/issues/105 (a window's setRootViewController:)",
    introduced: OSVersion(6),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0","supported":"landscape","orientation":"landscapeRight"}
        ↓{"ev":"setRoot","vc":"0xa1","class":"PortraitViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0","supported":"landscape","orientation":"landscapeRight"}
        {"ev":"setRoot","vc":"0xa1","class":"GameViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"landscape"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        ↓{"ev":"present","presenter":"0xa1","vc":"0xb2","class":"UIImagePickerController","style":"fullScreen"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        """),
    ],
    nonTriggering: [
      // shouldAutorotate NO: UIKit does not throw (before iOS 16).
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0","supported":"landscape","orientation":"landscapeRight"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"shouldAutorotate","vc":"0xa1","value":false}
        """),
      // A form sheet on iPad does not decide orientation.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0","supported":"landscape","orientation":"landscapeRight","requiresFullScreen":true}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"landscape"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","style":"formSheet"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .noCommonOrientation(let decision) = step.observation, let decider = decision.decider else { return }
    let appMask =
      switch decision.appMaskSource {
      case .infoPlist: "Info.plist allows \(decision.appMask)"
      case .windowDelegate: "application(_:supportedInterfaceOrientationsFor:) allows \(decision.appMask)"
      }
    findings.report(
      Self.self, at: step,
      "no orientation in common: \(appMask), \(step.describe(decider)) (\(step.role(of: decider))) supports "
        + "\(decision.controllerMask); UIKit throws UIApplicationInvalidInterfaceOrientation 'Supported orientations has "
        + "no common orientation with the application, and [\(step.className(decider)) shouldAutorotate] is returning YES'",
      subjects: [decider])
  }
}
