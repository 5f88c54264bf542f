import TraceModel

/// A present from a controller whose view is not on screen: UIKit ignores it.
struct NotInWindowHierarchyRule: Rule {
  static let description = RuleDescription(
    id: "not-in-window-hierarchy", name: "Presenter not in the window", severity: .warning, area: .presentation,
    summary: "A present from a controller whose view is not in a window; UIKit logs a warning and drops it.",
    background: """
      UIKit presents only from a controller whose view is in the window hierarchy. Typical causes: presenting in \
      viewDidLoad (before the view is added), from a controller that was popped or dismissed, or from one further \
      down a navigation stack. The request is dropped (iOS 5 to current).
      """,
    uikitSays: "Attempt to present <X> on <Y> (from <S>) whose view is not in the window hierarchy.",
    hint: "Present from a controller that is on screen (in or after viewDidAppear), such as the top-most presented "
      + "controller or the top of the navigation stack.",
    source: "https://github.com/fouquet/RFAboutView/issues/8 (old wording); "
      + "https://github.com/ivpusic/react-native-image-crop-picker/issues/1631 (iOS 14 wording); "
      + "https://github.com/QuickBirdEng/XCoordinator/issues/15 (presenting before the window shows)",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"14.5"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController"}
        {"ev":"pop","nav":"0xa1","vc":"0xc3"}
        ↓{"ev":"present","presenter":"0xc3","vc":"0xd4","class":"ShareViewController"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        ↓{"ev":"present","presenter":"0xe5","vc":"0xf6"}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"14.5"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"push","nav":"0xa1","vc":"0xc3"}
        {"ev":"present","presenter":"0xc3","vc":"0xd4"}
        """)
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .presentRefused(let source, let vc, let handler, .notInWindowHierarchy) = step.observation else {
      return
    }
    let from = source == handler ? "" : " (from \(step.describe(source)))"
    findings.report(
      Self.self, at: step,
      "Attempt to present \(step.describe(vc)) on \(step.describe(handler))\(from) whose view is not in the window "
        + "hierarchy; UIKit ignores the request",
      subjects: [vc, source])
  }
}
