import TraceModel

/// A will-appear or will-disappear that never completed before the session ended.
struct UnfinishedAppearanceRule: Rule {
  static let description = RuleDescription(
    id: "unfinished-appearance", name: "Unfinished appearance transition", severity: .note, area: .appearance,
    summary: "A controller got viewWillAppear (or viewWillDisappear) and never the matching did- callback before the "
      + "session ended.",
    background: """
      Every appearance transition UIKit starts ends with viewDidAppear or viewDidDisappear, or is reversed by the \
      opposite will- callback (a cancelled transition). A transition left open at the end of a session usually \
      means a container that forwards appearance by hand forgot the did- call (endAppearanceTransition), so the \
      controller's view never learns it is on screen or gone. Not reported when the trace was cut short, since \
      the rest of the transition may simply not have been written.
      """,
    hint: "Make the code that forwards appearance send the did- callback too (endAppearanceTransition in the "
      + "transition's completion).",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:); "
      + "http://alokvnair.com/posts/the-inconsistent-order-of-view-transition-events/",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        ↓{"ev":"viewWillDisappear","vc":"0xa1"}
        {"ev":"attemptRotation"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"4.3"}
        ↓{"ev":"viewWillAppear","vc":"0xf","class":"FlipsideViewController"}
        {"ev":"viewWillDisappear","vc":"0xm","class":"MainViewController"}
        {"ev":"viewDidDisappear","vc":"0xm"}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        """),
      // Cancelled: will-appear reversed by will-disappear, then did-disappear.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewWillDisappear","vc":"0xb2"}
        {"ev":"viewDidDisappear","vc":"0xb2"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .unfinishedAppearance(let vc, let state, _) = step.observation else { return }
    let (started, missing) =
      state == .appearing ? ("viewWillAppear", "viewDidAppear") : ("viewWillDisappear", "viewDidDisappear")
    findings.report(
      Self.self, at: step, "\(step.describe(vc)) got \(started) here but never \(missing) before the session ended",
      subjects: [vc])
  }
}
