import TraceModel

/// The trace shows UIKit did something the model thought it refused.
struct ModelDisagreementRule: Rule {
  static let description = RuleDescription(
    id: "model-disagreement", name: "The trace and traceq's model disagree", severity: .note, area: .model,
    summary: "Callbacks show UIKit did what traceq's model of UIKit expected it to refuse; the finding the model would "
      + "have made is not reported.",
    background: """
      A trace records what UIKit actually did. When the presented controller appears after a present the model \
      thought UIKit dropped, when rotation callbacks follow a rotation it thought UIKit refused, when a controller \
      appears after a push the model thought would throw, or after a dismissal the model thought ended its \
      presentation, UIKit has spoken: the model was wrong there, repairs its state from the trace and says so \
      here, with both sides, instead of reporting a finding whose premise the trace refutes. Not a problem in the \
      app; these notes show where traceq's model of UIKit needs to learn. Text output leaves them out unless asked \
      for with --rule model-disagreement; JSON and the database always have them.
      """,
    hint: "Nothing to change in the app. If the behaviour is documented, report the case to traceq with the trace.",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations",
    shownByDefault: false,
    triggering: [
      // The model thinks the root's mask refuses landscape; UIKit rotates and says so.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"7.1"}
        {"ev":"setRoot","vc":"0xa1","class":"PlayerViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        ↓{"ev":"willRotate","vc":"0xa1","to":"landscapeRight","duration":0.3}
        {"ev":"didRotate","vc":"0xa1","from":"portrait"}
        """),
      // The model thinks the root already presents; the second controller appears anyway.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"RootViewController"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","class":"FirstViewController","style":"overFullScreen"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"present","presenter":"0xa1","vc":"0xc3","class":"SecondViewController","style":"overFullScreen"}
        ↓{"ev":"viewWillAppear","vc":"0xc3"}
        """),
      // The model ended the overlay's presentation; it appears again, so it is still presented.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"RootViewController"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","class":"OverlayViewController","style":"overFullScreen"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"dismiss","vc":"0xb2"}
        {"ev":"viewWillDisappear","vc":"0xb2"}
        {"ev":"viewDidDisappear","vc":"0xb2"}
        ↓{"ev":"viewWillAppear","vc":"0xb2"}
        """),
    ],
    nonTriggering: [
      // Refused, and nothing contradicts it.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"7.1"}
        {"ev":"setRoot","vc":"0xa1","class":"PlayerViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"deviceOrientation","orientation":"portrait"}
        """),
      // A dismissed overlay presented again appears; a tab appears that the user tapped (UIKit
      // selects it without a call the recorder sees).
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"RootViewController"}
        {"ev":"viewDidAppear","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","class":"OverlayViewController","style":"overFullScreen"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"dismiss","vc":"0xb2"}
        {"ev":"viewWillDisappear","vc":"0xb2"}
        {"ev":"viewDidDisappear","vc":"0xb2"}
        {"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xt","class":"UITabBarController"}
        {"ev":"setViewControllers","container":"0xt","vcs":["0xa","0xb"]}
        {"ev":"viewWillAppear","vc":"0xt"}
        {"ev":"viewWillAppear","vc":"0xb","class":"SettingsViewController"}
        """),
      // A rotation the model allows, with its callbacks.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"7.1"}
        {"ev":"setRoot","vc":"0xa1","class":"PlayerViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"allButUpsideDown"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"willRotate","vc":"0xa1","to":"landscapeRight","duration":0.3}
        {"ev":"didRotate","vc":"0xa1","from":"portrait"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .modelDisagreement(let disagreement) = step.observation else { return }
    switch disagreement {
    case .refusedPresentAppeared(let vc, let handler, let refusal, let line):
      findings.report(
        Self.self, at: step,
        "Model: UIKit refused the present of \(step.describe(vc)) on \(step.describe(handler)) at line \(line) "
          + "(\(Self.name(refusal))); trace: \(step.describe(vc)) appeared, so UIKit presented it",
        subjects: [vc, handler])
    case .rejectedRotationHappened(let vc, let to, let refusal, let line):
      findings.report(
        Self.self, at: step,
        "Model: UIKit refused to rotate to \(to) at line \(line) because \(step.explain(refusal, wanted: to)); "
          + "trace: \(step.describe(vc)) got rotation callbacks, so the interface rotated",
        subjects: [vc])
    case .duplicatePushAppeared(let vc, let nav, let line):
      findings.report(
        Self.self, at: step,
        "Model: \(step.describe(vc)) was already in the stack of \(step.describe(nav)) when pushed at line \(line), "
          + "which throws; trace: it appeared, so UIKit pushed it",
        subjects: [vc, nav])
    case .dismissedAppeared(let vc, let presenter, let line):
      findings.report(
        Self.self, at: step,
        "Model: the presentation of \(step.describe(vc)) ended at line \(line); trace: \(step.describe(vc)) "
          + "appeared, so \(step.describe(presenter)) still presents it",
        subjects: [vc, presenter])
    }
  }

  private static func name(_ refusal: PresentRefusal) -> String {
    switch refusal {
    case .alreadyPresenting: "already presenting"
    case .notInWindowHierarchy: "not in the window hierarchy"
    case .activeController: "an active controller"
    case .duringTransition: "a presentation or dismissal in progress"
    }
  }
}
