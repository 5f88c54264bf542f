import TraceModel

/// A dismiss while an animated present or dismiss has not completed.
struct DismissDuringTransitionRule: Rule {
  static let description = RuleDescription(
    id: "dismiss-during-transition", name: "Dismiss during a transition", severity: .warning, area: .presentation,
    summary: "A dismiss while an animated presentation or dismissal has not completed; UIKit logs a warning and "
      + "ignores it.",
    background: """
      UIKit ignores dismissViewControllerAnimated: while a presentation or dismissal of that presenter is still \
      animating — a double tap on a Close button, or a dismiss in viewDidLoad of the presented controller. The \
      controller stays on screen (observed iOS 5–12; modern wording not confirmed).
      """,
    uikitSays: "Attempt to dismiss from view controller <X> while a presentation or dismiss is in progress!",
    hint: "Dismiss from the completion handler of the running transition, and ignore repeated taps while it runs.",
    source:
      "https://github.com/jonkykong/SideMenu/issues/323; https://github.com/zoonooz/ZFDragableModalTransition/issues/3; "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"11.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","class":"SettingsViewController","animated":true}
        ↓{"ev":"dismiss","vc":"0xb2","animated":true}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"11.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","animated":true}
        {"ev":"presentCompleted","vc":"0xb2"}
        {"ev":"dismiss","vc":"0xb2","animated":true}
        ↓{"ev":"dismiss","vc":"0xb2","animated":true}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"11.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","animated":true}
        {"ev":"viewWillAppear","vc":"0xb2","animated":true}
        {"ev":"viewDidAppear","vc":"0xb2","animated":true}
        {"ev":"presentCompleted","vc":"0xb2"}
        {"ev":"dismiss","vc":"0xb2","animated":true}
        {"ev":"viewWillDisappear","vc":"0xb2"}
        {"ev":"viewDidDisappear","vc":"0xb2"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","animated":true}
        """)
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .dismissRefused(let vc, _, let transition) = step.observation else { return }
    let running = transition.kind == .presenting ? "presentation" : "dismissal"
    findings.report(
      Self.self, at: step,
      "Attempt to dismiss from view controller \(step.describe(vc)) while a presentation or dismiss is in progress (the "
        + "\(running) of \(step.describe(transition.controller)) since line \(transition.line)); UIKit ignores the dismissal",
      subjects: [vc, transition.controller])
  }
}
