import TraceModel

/// Rotation callbacks that disagree with the rotation UIKit made.
struct RotationCallbackMismatchRule: Rule {
  static let description = RuleDescription(
    id: "rotation-callback-mismatch", name: "Rotation callbacks that UIKit would not send", severity: .warning,
    area: .orientation,
    summary: "A controller got willRotate/willAnimateRotation/didRotate for a rotation UIKit made while the "
      + "controller was not on screen.",
    background: """
      willRotateToInterfaceOrientation:duration:, willAnimateRotationToInterfaceOrientation:duration: and \
      didRotateFromInterfaceOrientation: (iOS 2–8, still delivered on iOS 9) are sent for an actual rotation, to \
      the controllers on screen in the deciding controller's tree, and forwarded to children only by containers \
      that forward automatically. Callbacks for a controller that was popped, dismissed, covered or removed come \
      from code that forwards rotation by hand. Callbacks after a rotation traceq expected UIKit to refuse show \
      that UIKit rotated after all: they are a model-disagreement note, not this finding. Record deviceOrientation \
      before the callbacks it causes.
      """,
    hint: "Forward rotation only as UIKit does (to the children on screen, for rotations that happen), or let the "
      + "container forward automatically; move layout to viewWillTransition(to:with:).",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/willrotate(to:duration:); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/didrotate(from:); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/shouldautomaticallyforwardappearancemethods",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"7.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController"}
        {"ev":"viewWillAppear","vc":"0xc3"}
        {"ev":"viewDidAppear","vc":"0xc3"}
        {"ev":"pop","nav":"0xa1","vc":"0xc3"}
        {"ev":"viewWillDisappear","vc":"0xc3"}
        {"ev":"viewDidDisappear","vc":"0xc3"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"willRotate","vc":"0xa1","to":"landscapeRight"}
        {"ev":"willRotate","vc":"0xb2","to":"landscapeRight"}
        ↓{"ev":"willRotate","vc":"0xc3","to":"landscapeRight"}
        """)
    ],
    nonTriggering: [
      // Callbacks after a rotation the model thought refused: UIKit rotated (a model-disagreement note).
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"7.0"}
        {"ev":"setRoot","vc":"0xa1","class":"MainViewController"}
        {"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"willRotate","vc":"0xa1","to":"landscapeRight","duration":0.4}
        {"ev":"didRotate","vc":"0xa1","from":"portrait"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"7.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"willRotate","vc":"0xa1","to":"landscapeRight","duration":0.4}
        {"ev":"willRotate","vc":"0xb2","to":"landscapeRight","duration":0.4}
        {"ev":"willAnimateRotation","vc":"0xb2","to":"landscapeRight","duration":0.4}
        {"ev":"didRotate","vc":"0xb2","from":"portrait"}
        {"ev":"didRotate","vc":"0xa1","from":"portrait"}
        """),
      // A view inserted by hand is on screen (its callbacks say so) though not a child.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"4.3"}
        {"ev":"setRoot","vc":"0xr","class":"RootViewController"}
        {"ev":"viewWillAppear","vc":"0xm","class":"MainViewController"}
        {"ev":"viewDidAppear","vc":"0xm"}
        {"ev":"deviceOrientation","orientation":"landscapeLeft"}
        {"ev":"willRotate","vc":"0xr","to":"landscapeRight"}
        {"ev":"willRotate","vc":"0xm","to":"landscapeRight"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .rotationCallbackMismatch(let vc, let callback, let problem) = step.observation else { return }
    let message: String
    switch problem {
    case .notOnScreen(let to):
      message =
        "\(step.describe(vc)) got \(callback)\(to.map { " for the rotation to \($0)" } ?? "") but is not on "
        + "screen (popped, dismissed, covered or removed); UIKit sends rotation callbacks to the controllers on screen only"
    }
    findings.report(Self.self, at: step, message, subjects: [vc])
  }
}
