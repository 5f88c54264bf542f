import TraceModel

/// addChild without the app's didMoveToParent.
struct DidMoveMissingRule: Rule {
  static let description = RuleDescription(
    id: "did-move-missing", name: "didMoveToParent missing", severity: .warning, area: .containment,
    summary: "A child added with addChild never got the app's didMoveToParent before it was used, removed, or the "
      + "session ended.",
    background: """
      addChildViewController: calls willMoveToParentViewController: itself but not didMoveToParentViewController:; \
      a custom container must call didMove(toParent:) after the transition that shows the child completes, or \
      right after addChild when there is none. Without it the child never learns its move finished (iOS 5+). \
      UIKit's own containers (navigation, tab bar, split) call it themselves and are not checked. A \
      container does it right: addChild(to); transition(from:to:); in the completion didMove(to) and \
      from.removeFromParent().
      """,
    hint: "Call child.didMove(toParent: container) after addChild and the transition that shows the child.",
    source: "https://developer.apple.com/documentation/uikit/uiviewcontroller/didmove(toparent:); "
      + "https://github.com/lionheart/openradar-mirror/issues/3350 (system containers)",
    introduced: OSVersion(5),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2","class":"PageViewController"}
        {"ev":"willMoveToParent","vc":"0xc2","parent":"0xc1"}
        {"ev":"willMoveToParent","vc":"0xc2","parent":null}
        ↓{"ev":"removeFromParent","vc":"0xc2"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        ↓{"ev":"addChild","parent":"0xc1","vc":"0xc2","class":"PageViewController"}
        {"ev":"viewWillAppear","vc":"0xc2"}
        {"ev":"viewDidAppear","vc":"0xc2"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2","class":"PageViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc3","class":"PageViewController"}
        ↓{"ev":"transition","parent":"0xc1","from":"0xc2","to":"0xc3"}
        {"ev":"didMoveToParent","vc":"0xc3","parent":"0xc1"}
        """),
    ],
    nonTriggering: [
      // A custom container done right.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2","class":"PageViewController"}
        {"ev":"didMoveToParent","vc":"0xc2","parent":"0xc1"}
        {"ev":"willMoveToParent","vc":"0xc2","parent":null}
        {"ev":"addChild","parent":"0xc1","vc":"0xc3","class":"PageViewController"}
        {"ev":"transition","parent":"0xc1","from":"0xc2","to":"0xc3","duration":0.3}
        {"ev":"didMoveToParent","vc":"0xc3","parent":"0xc1"}
        {"ev":"removeFromParent","vc":"0xc2"}
        """),
      // UIKit's containers call didMove themselves.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"12.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"addChild","parent":"0xa1","vc":"0xb2"}
        {"ev":"removeFromParent","vc":"0xb2"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .didMoveMissing(let vc, let parent, let addedAt, let moment) = step.observation else { return }
    let before =
      switch moment {
      case .removed: "before being removed"
      case .used: "before being used"
      case .sessionEnd: "before the session ended"
      }
    let added = moment == .sessionEnd ? "added here" : "added at line \(addedAt)"
    findings.report(
      Self.self, at: step,
      "\(step.describe(vc)) was \(added) to \(step.describe(parent)) with addChild but never got "
        + "didMoveToParent \(before)",
      subjects: [vc, parent])
  }
}
