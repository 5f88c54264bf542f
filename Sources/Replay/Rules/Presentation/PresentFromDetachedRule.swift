import TraceModel

/// A present from a controller that is on screen but not in the controller hierarchy.
struct PresentFromDetachedRule: Rule {
  static let description = RuleDescription(
    id: "present-from-detached", name: "Presenting from a detached controller", severity: .warning,
    area: .presentation,
    summary: "A present from a controller whose view is on screen but which is not in the controller hierarchy (no "
      + "parent called addChild).",
    background: """
      A controller whose view was added by hand (addSubview / insertSubview, the pre-iOS 5 way of showing a \
      second controller's view) is "detached": UIKit can present from it, but warns (iOS 8–15: discouraged; iOS 17+: "not \
      supported … Will become a hard exception in a future release"; before iOS 8 it said nothing) — safe area insets and the presentation \
      chain may be wrong. The controller is on screen by its own appearance callbacks, not by containment.
      """,
    uikitSays: "Presenting view controller <X> from detached view controller <Y> is not supported, and may result in "
      + "incorrect safe area insets and a corrupt root presentation.",
    hint:
      "Make the controller a child of the one whose view holds it (addChild, add the view, didMove), or present from "
      + "that controller.",
    source: "https://github.com/John-Lluch/SWRevealViewController/issues/344 (iOS 8–15 wording); "
      + "https://github.com/LeoNatan/LNPopupController/issues/560 (iOS 17 wording); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/addchild(_:)",
    introduced: OSVersion(8),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xr","class":"RootViewController"}
        {"ev":"viewWillAppear","vc":"0xr"}
        {"ev":"viewDidAppear","vc":"0xr"}
        {"ev":"viewWillAppear","vc":"0xm","class":"MainViewController"}
        {"ev":"viewDidAppear","vc":"0xm"}
        ↓{"ev":"present","presenter":"0xm","vc":"0xs","class":"SettingsViewController"}
        """)
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xr","class":"RootViewController"}
        {"ev":"addChild","parent":"0xr","vc":"0xm"}
        {"ev":"didMoveToParent","vc":"0xm","parent":"0xr"}
        {"ev":"viewWillAppear","vc":"0xm","class":"MainViewController"}
        {"ev":"viewDidAppear","vc":"0xm"}
        {"ev":"present","presenter":"0xm","vc":"0xs","class":"SettingsViewController"}
        """),
      // A navigation controller's first controller (initWithRootViewController:) has no push.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewWillAppear","vc":"0xb2","class":"BNRItemsViewController"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xb2","vc":"0xf1","style":"formSheet"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .presentedFromDetached(let source, let vc) = step.observation else { return }
    findings.report(
      Self.self, at: step,
      "Presenting view controller \(step.describe(vc)) from detached view controller \(step.describe(source)): it is on "
        + "screen but no parent added it with addChild",
      subjects: [source, vc])
  }
}
