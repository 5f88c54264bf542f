import TraceModel

/// Presenting a controller that is already presented or in the hierarchy: UIKit throws.
struct PresentActiveControllerRule: Rule {
  static let description = RuleDescription(
    id: "present-active-controller", name: "Presenting an active controller", severity: .error, area: .presentation,
    summary: "A present of a controller that is already presented, a window's root, a child in a container, or an "
      + "ancestor of the presenter: NSInvalidArgumentException.",
    background: """
      A controller can be in one place at a time. Presenting one that is already presented elsewhere, or that is \
      in the controller hierarchy (your own navigation controller, a child of a container, the window's root), \
      raises NSInvalidArgumentException (iOS 5 to current; the second wording is iOS 14+).
      """,
    uikitSays: "Application tried to present modally an active controller <X>. / Application tried to present modally "
      + "a view controller <X> that is already being presented by <Y>.",
    hint: "Present a new instance, or remove the controller from where it is (dismiss, pop, removeFromParent) first.",
    source: "https://github.com/OpenTreeMap/otm-ios/issues/362; https://github.com/ko1o/PYSearch/issues/85; "
      + "https://github.com/stripe-archive/firebase-mobile-payments/issues/7 (iOS 14+ wording)",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        ↓{"ev":"present","presenter":"0xb2","vc":"0xa1"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"15.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"push","nav":"0xa1","vc":"0xc3"}
        ↓{"ev":"present","presenter":"0xc3","vc":"0xb2"}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"15.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xc3"}
        {"ev":"dismiss","vc":"0xc3"}
        {"ev":"present","presenter":"0xa1","vc":"0xc3"}
        """)
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .presentRefused(_, let vc, _, .activeController(let presenter)) = step.observation else { return }
    let message =
      if let presenter {
        "Application tried to present modally a view controller \(step.describe(vc)) that is already being presented by "
          + "\(step.describe(presenter)); UIKit throws NSInvalidArgumentException"
      } else {
        "Application tried to present modally an active controller \(step.describe(vc)) (it is already in the "
          + "controller hierarchy); UIKit throws NSInvalidArgumentException"
      }
    findings.report(Self.self, at: step, message, subjects: [vc])
  }
}
