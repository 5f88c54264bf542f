import TraceModel

/// removeFromParent without willMoveToParent(nil) first.
struct WillMoveMissingRule: Rule {
  static let description = RuleDescription(
    id: "will-move-missing", name: "willMoveToParent(nil) missing", severity: .warning, area: .containment,
    summary: "A child was removed with removeFromParent without the app's willMoveToParent(nil) first.",
    background: """
      removeFromParentViewController calls didMoveToParentViewController:nil itself but not \
      willMoveToParentViewController:nil: a custom container must call willMove(toParent: nil) before removing \
      the child, so that the child hears about the move before it happens (iOS 5+). UIKit's own containers \
      manage this themselves and are not checked (they even skip it in setViewControllers, radar 18002763).
      """,
    hint: "Call child.willMove(toParent: nil) before child.removeFromParent().",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/willmove(toparent:); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/removefromparent()",
    introduced: OSVersion(5),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2"}
        {"ev":"didMoveToParent","vc":"0xc2","parent":"0xc1"}
        ↓{"ev":"removeFromParent","vc":"0xc2"}
        """)
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2"}
        {"ev":"didMoveToParent","vc":"0xc2","parent":"0xc1"}
        {"ev":"willMoveToParent","vc":"0xc2","parent":null}
        {"ev":"removeFromParent","vc":"0xc2"}
        {"ev":"didMoveToParent","vc":"0xc2","parent":null}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xt","class":"UITabBarController"}
        {"ev":"addChild","parent":"0xt","vc":"0xb2"}
        {"ev":"removeFromParent","vc":"0xb2"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .willMoveMissing(let vc, let parent) = step.observation else { return }
    findings.report(
      Self.self, at: step,
      "\(step.describe(vc)) removed from \(step.describe(parent)) with removeFromParent without "
        + "willMoveToParent(nil) first",
      subjects: [vc, parent])
  }
}
