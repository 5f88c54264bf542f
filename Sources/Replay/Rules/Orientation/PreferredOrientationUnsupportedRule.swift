import TraceModel

/// A controller shown full screen prefers an orientation it does not support: UIKit throws.
struct PreferredOrientationUnsupportedRule: Rule {
  static let description = RuleDescription(
    id: "preferred-orientation-unsupported", name: "Preferred orientation not supported", severity: .error,
    area: .orientation,
    summary: "A controller presented full screen (or revealed by a dismissal) returns a "
      + "preferredInterfaceOrientationForPresentation outside its own supportedInterfaceOrientations.",
    background: """
      UIKit asks preferredInterfaceOrientationForPresentation of a controller presented full screen, and of the \
      one a full-screen dismissal reveals, and raises UIApplicationInvalidInterfaceOrientation when the answer is \
      not one of the controller's supported orientations (iOS 6 and later; the reason's wording changed around \
      iOS 10). When not overridden, UIKit uses the current status bar orientation.
      """,
    uikitSays:
      "preferredInterfaceOrientationForPresentation '<name>' must match a supported interface orientation: '<names>'!",
    hint: "Return one of the controller's supported orientations from preferredInterfaceOrientationForPresentation.",
    source:
      "https://github.com/thiagoperes/IDMPhotoBrowser/issues/31; https://github.com/nytimes/NYTPhotoViewer/issues/360; "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/preferredinterfaceorientationforpresentation",
    introduced: OSVersion(6),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        ↓{"ev":"present","presenter":"0xa1","vc":"0xb2","class":"VideoViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        {"ev":"preferredInterfaceOrientation","vc":"0xb2","orientation":"landscapeRight"}
        """)
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","class":"VideoViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"landscape"}
        {"ev":"preferredInterfaceOrientation","vc":"0xb2","orientation":"landscapeRight"}
        {"ev":"willRotate","vc":"0xb2","to":"landscapeRight"}
        """),
      // A form sheet on iPad is not full screen: UIKit does not ask.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0","requiresFullScreen":true}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","style":"formSheet"}
        {"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"portrait"}
        {"ev":"preferredInterfaceOrientation","vc":"0xb2","orientation":"landscapeRight"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .preferredOrientationUnsupported(let vc, let preferred, let mask) = step.observation else { return }
    let names = mask.orientations.map(\.name).joined(separator: ", ")
    findings.report(
      Self.self, at: step,
      "\(step.describe(vc)) prefers \(preferred) for presentation but supports only \(mask); UIKit throws "
        + "UIApplicationInvalidInterfaceOrientation 'preferredInterfaceOrientationForPresentation '\(preferred)' must "
        + "match a supported interface orientation: '\(names)'!'",
      subjects: [vc])
  }
}
