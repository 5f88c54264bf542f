import TraceModel

/// A present on a controller that is already presenting: UIKit ignores it.
struct AlreadyPresentingRule: Rule {
  static let description = RuleDescription(
    id: "already-presenting", name: "Already presenting", severity: .warning, area: .presentation,
    summary:
      "A present sent to a controller that is already presenting another one; UIKit logs a warning and drops it.",
    background: """
      A controller presents one controller at a time. UIKit hands a full-screen present to the farthest ancestor \
      of the controller it was sent to (presentingViewController), so presenting from a child of a controller \
      that already presents hits the same wall. The request is dropped: nothing is presented and its completion \
      never runs (iOS 5 to current; "(from <S>)" is in the message from iOS 14).
      """,
    uikitSays: "Attempt to present <X> on <Y> (from <S>) which is already presenting <Z>.",
    hint: "Dismiss the presented controller first, or present from it (the top-most presented controller).",
    source: "https://github.com/airbrake/airbrake-ios/issues/91 (old wording); "
      + "https://github.com/mozilla-mobile/firefox-ios/issues/9755 (iOS 15 wording); "
      + "https://github.com/jeyben/IOSLinkedInAPI/pull/84 (a root already presenting); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"15.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2","class":"BNRItemsViewController"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"present","presenter":"0xb2","vc":"0xc3","class":"AlertViewController"}
        ↓{"ev":"present","presenter":"0xb2","vc":"0xd4","class":"LoginViewController"}
        """)
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"15.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"present","presenter":"0xb2","vc":"0xc3"}
        {"ev":"dismiss","vc":"0xc3"}
        {"ev":"present","presenter":"0xb2","vc":"0xd4"}
        """),
      // Presenting from the presented controller stacks a new presentation.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"15.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xc3"}
        {"ev":"present","presenter":"0xc3","vc":"0xd4"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .presentRefused(let source, let vc, let handler, .alreadyPresenting(let other)) = step.observation else {
      return
    }
    let from = source == handler ? "" : " (from \(step.describe(source)))"
    findings.report(
      Self.self, at: step,
      "Attempt to present \(step.describe(vc)) on \(step.describe(handler))\(from) which is already presenting "
        + "\(step.describe(other)); UIKit ignores the request",
      subjects: [vc, handler, other])
  }
}
