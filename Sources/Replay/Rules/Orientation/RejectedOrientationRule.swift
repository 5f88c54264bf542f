import TraceModel

/// The device turned to an orientation UIKit refuses; the interface stays.
struct RejectedOrientationRule: Rule {
  static let description = RuleDescription(
    id: "rejected-orientation", name: "Rotation rejected", severity: .note, area: .orientation,
    summary: "The device turned to an orientation that the effective mask or shouldAutorotate rejects; the interface "
      + "stays where it was.",
    background: """
      From iOS 6 UIKit rotates only to an orientation in the app's mask (Info.plist, or \
      application(_:supportedInterfaceOrientationsFor:) which replaces it for a window) intersected with the mask of \
      the deciding controller — the window's root, or the top-most controller presented full screen — and only if \
      that controller's shouldAutorotate returns YES (ignored from iOS 16). Containers answer for themselves: a \
      navigation controller does not ask its top controller unless a subclass does. iPad apps that support \
      multitasking (iOS 9+, all orientations, no UIRequiresFullScreen) rotate whatever controllers answer. The \
      device's landscapeLeft is the interface's landscapeRight; faceUp, faceDown and unknown never rotate. Often \
      intended (a portrait-only screen); reported so that an unexpected refusal is easy to explain.
      """,
    hint: "If the screen should rotate, return that orientation from the deciding controller's "
      + "supportedInterfaceOrientations (and the app's mask); otherwise nothing to do.",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations; "
      + "https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:supportedinterfaceorientationsfor:); "
      + "https://github.com/SwiftKickMobile/SwiftMessages/issues/501 (shouldAutorotate ignored from iOS 16)",
    introduced: OSVersion(6),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        ↓{"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0","requiresFullScreen":true}
        {"ev":"setRoot","vc":"0xa1","class":"BNRItemsViewController"}
        {"ev":"shouldAutorotate","vc":"0xa1","value":false}
        ↓{"ev":"deviceOrientation","orientation":"landscapeRight"}
        """),
      // A full-screen controller presented from a sheet decides, as one presented from the root.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","style":"pageSheet"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"present","presenter":"0xb2","vc":"0xc3","style":"fullScreen"}
        {"ev":"supportedInterfaceOrientations","vc":"0xc3","mask":"portrait"}
        {"ev":"viewWillAppear","vc":"0xc3"}
        {"ev":"viewDidAppear","vc":"0xc3"}
        ↓{"ev":"deviceOrientation","orientation":"landscapeLeft"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"10.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"deviceNotifications","on":false}
        ↓{"ev":"deviceOrientation","orientation":"landscapeRight"}
        """),
    ],
    nonTriggering: [
      // iOS 16 no longer consults shouldAutorotate.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"16.0","requiresFullScreen":true}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"shouldAutorotate","vc":"0xa1","value":false}
        {"ev":"deviceOrientation","orientation":"landscapeRight"}
        """),
      // Lying flat never rotates the interface.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"deviceOrientation","orientation":"faceUp"}
        """),
      // An iPad app that supports multitasking ignores controller masks.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        """),
      // A child's answer does not count: the navigation controller answers for itself.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"willRotate","vc":"0xa1","to":"landscapeRight"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .rotationRejected(let device, let wanted, let reason) = step.observation else { return }
    let stays = step.model.interfaceOrientation
    let decider: [ObjectID] =
      switch reason {
      case .notInMask(let decision), .shouldAutorotateNo(let decision): decision.decider.map { [$0] } ?? []
      case .notificationsOff: []
      }
    findings.report(
      Self.self, at: step,
      "the device turned to \(device.describing(interface: wanted)) but UIKit keeps the interface in \(stays): "
        + step.explain(reason, wanted: wanted),
      subjects: decider)
  }
}
