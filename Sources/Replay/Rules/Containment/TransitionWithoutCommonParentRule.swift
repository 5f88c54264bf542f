import TraceModel

/// transition(from:to:) between controllers that are not both children of the receiver.
struct TransitionWithoutCommonParentRule: Rule {
  static let description = RuleDescription(
    id: "transition-without-common-parent", name: "Transition without a common parent", severity: .error,
    area: .containment,
    summary: "transition(from:to:) between controllers that are not both children of the container: "
      + "NSInvalidArgumentException.",
    background: """
      transitionFromViewController:toViewController:duration:options:animations:completion: requires both \
      controllers to be children of the receiver already (add the new one with addChild first); otherwise UIKit \
      raises NSInvalidArgumentException (iOS 5 to current). Fast swiping in a custom container that starts a \
      transition before the previous one finished its bookkeeping is a common way to hit it.
      """,
    uikitSays: "Children view controllers <A> and <B> must have a common parent view controller when calling "
      + "-[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]",
    hint: "Call addChild for both controllers on the container before transition(from:to:), and do not start a new "
      + "transition before the previous one's completion ran.",
    source: "https://github.com/Awful/Awful.app/issues/213; https://github.com/bytedance/Bytedance-UnionAD/issues/222; "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/transition(from:to:duration:options:animations:completion:)",
    introduced: OSVersion(5),
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2","class":"PageViewController"}
        {"ev":"didMoveToParent","vc":"0xc2","parent":"0xc1"}
        ↓{"ev":"transition","parent":"0xc1","from":"0xc2","to":"0xc3"}
        """)
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2"}
        {"ev":"didMoveToParent","vc":"0xc2","parent":"0xc1"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc3"}
        {"ev":"transition","parent":"0xc1","from":"0xc2","to":"0xc3"}
        {"ev":"didMoveToParent","vc":"0xc3","parent":"0xc1"}
        """)
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .transitionWithoutCommonParent(let parent, let from, let to) = step.observation else { return }
    let strays = [from, to].filter { step.model[$0].parent != parent }.map(step.describe)
    findings.report(
      Self.self, at: step,
      "transition in \(step.describe(parent)) from \(step.describe(from)) to \(step.describe(to)): "
        + "\(strays.joined(separator: " and ")) \(strays.count == 1 ? "is" : "are") not its child; UIKit throws "
        + "'Children view controllers <\(step.className(from))> and <\(step.className(to))> must have a common parent "
        + "view controller'",
      subjects: [parent, from, to])
  }
}
