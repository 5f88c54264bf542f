import TraceModel

/// A present while an animated present or dismiss of that presenter is still running.
struct PresentDuringTransitionRule: Rule {
  static let description = RuleDescription(
    id: "present-during-transition", name: "Present during a transition", severity: .warning, area: .presentation,
    summary: "A present while an animated presentation or dismissal of the same presenter has not completed; UIKit "
      + "logs a warning and drops it.",
    background: """
      While a presentation or dismissal animates, the presenter cannot start another one: UIKit drops the request \
      (iOS 5 to current). A transition ends when its completion runs (presentCompleted / dismissCompleted) or \
      when the presented controller's viewDidAppear / the dismissed one's viewDidDisappear arrives. A present \
      recorded without "animated" counts as not animated.
      """,
    uikitSays: "Attempt to present <X> on <Y> (from <S>) while a presentation is in progress.",
    hint: "Present from the completion handler of the running present or dismiss.",
    source:
      "https://github.com/zetachang/DCModalSegue/issues/10; https://github.com/ericberman/MyFlightbookiOS/issues/370; "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","class":"LoginViewController","animated":true}
        ↓{"ev":"present","presenter":"0xa1","vc":"0xc3","class":"OnboardingViewController","animated":true}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","animated":true}
        {"ev":"presentCompleted","vc":"0xb2"}
        {"ev":"dismiss","vc":"0xb2","animated":true}
        ↓{"ev":"present","presenter":"0xa1","vc":"0xc3","animated":true}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","animated":true}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"present","presenter":"0xb2","vc":"0xc3","animated":true}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","animated":true}
        {"ev":"presentCompleted","vc":"0xb2"}
        {"ev":"dismiss","vc":"0xb2","animated":true}
        {"ev":"dismissCompleted","vc":"0xb2"}
        {"ev":"present","presenter":"0xa1","vc":"0xc3","animated":true}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .presentRefused(let source, let vc, let handler, .duringTransition(let transition)) = step.observation
    else { return }
    let from = source == handler ? "" : " (from \(step.describe(source)))"
    let running = transition.kind == .presenting ? "being presented" : "being dismissed"
    findings.report(
      Self.self, at: step,
      "Attempt to present \(step.describe(vc)) on \(step.describe(handler))\(from) while a presentation is in progress "
        + "(\(step.describe(transition.controller)) is still \(running) since line \(transition.line)); UIKit ignores "
        + "the request",
      subjects: [vc, handler, transition.controller])
  }
}
