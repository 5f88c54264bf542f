import TraceModel

/// A push of a controller that is already in the navigation stack.
struct PushSameInstanceRule: Rule {
  static let description = RuleDescription(
    id: "push-same-instance", name: "Pushing the same controller twice", severity: .error, area: .containment,
    summary: "pushViewController(_:animated:) with a controller that is already in that navigation stack.",
    background: """
      A navigation controller holds each controller once. Pushing one that is already in its stack — the same \
      instance a second time, often from a double tap on a cell or button while the first push animates — raises \
      NSInvalidArgumentException and the app terminates. Up to iOS 12 the reason is "Pushing the same view \
      controller instance more than once is not supported (<X>)"; from iOS 13 it names the navigation controller: \
      "<N> is pushing the same view controller instance (<X>) more than once which is not supported and is most \
      likely an error in the application : <bundle id>". When the controller appears after the push anyway, the \
      trace shows UIKit pushed it and nothing is reported.
      """,
    uikitSays: "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Pushing the same "
      + "view controller instance more than once is not supported (<X>)'",
    hint: "Check topViewController (or the stack) before pushing, and ignore repeated taps while a push runs.",
    source: "https://github.com/artsy/eigen/issues/2188 (iOS 12 wording); "
      + "https://github.com/thexande/SwiftAlgorithms/issues/31 (iOS 13+ wording); "
      + "https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.4"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2","class":"ListViewController"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController","animated":true}
        ↓{"ev":"push","nav":"0xa1","vc":"0xc3","animated":true}
        """),
      // Deeper in the stack: still the same instance.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2","class":"ListViewController"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController"}
        ↓{"ev":"push","nav":"0xa1","vc":"0xb2"}
        """),
    ],
    nonTriggering: [
      // Popped first, then pushed again: a new push.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2","class":"ListViewController"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController"}
        {"ev":"pop","nav":"0xa1","vc":"0xc3"}
        {"ev":"push","nav":"0xa1","vc":"0xc3"}
        """),
      // The address was freed and reused by a new controller.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2","class":"ListViewController"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController"}
        {"ev":"pop","nav":"0xa1","vc":"0xc3"}
        {"ev":"dealloc","vc":"0xc3"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .pushedTwice(let vc, let nav) = step.observation else { return }
    let reason =
      step.model.isAtLeast(13)
      ? "\(step.describe(nav)) is pushing the same view controller instance (\(step.describe(vc))) more than once "
        + "which is not supported"
      : "Pushing the same view controller instance more than once is not supported (\(step.describe(vc)))"
    findings.report(
      Self.self, at: step,
      "\(reason): it is already in the stack of \(step.describe(nav)); UIKit throws "
        + "NSInvalidArgumentException",
      subjects: [vc, nav])
  }
}
