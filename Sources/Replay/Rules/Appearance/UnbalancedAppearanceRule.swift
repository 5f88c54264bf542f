import TraceModel

/// An appearance callback out of order for its controller, or begin/end appearance
/// transitions that do not pair.
struct UnbalancedAppearanceRule: Rule {
  static let description = RuleDescription(
    id: "unbalanced-appearance", name: "Unbalanced appearance callbacks", severity: .warning, area: .appearance,
    summary: "A controller got an appearance callback its state does not allow (will-appear twice, "
      + "did-appear without will-appear, did-disappear while on screen…), or begin/end appearance transitions that do not pair.",
    background: """
      UIKit keeps one appearance state per view controller: disappeared, appearing (after viewWillAppear), \
      appeared (after viewDidAppear), disappearing (after viewWillDisappear). A cancelled transition is legal: \
      will-appear then will-disappear (an interactive pop released early), or will-disappear then will-appear. \
      Anything else means a container forwards callbacks twice or forgets one — typically hand-calls of \
      viewWillAppear on a controller UIKit also forwards to, or beginAppearanceTransition twice. UIKit logs the \
      begin/end case; hand-calls are silent. Only each controller's own order is checked: the order between two \
      controllers is not fixed (iOS 5 and later).
      """,
    uikitSays: "Unbalanced calls to begin/end appearance transitions for <X>.",
    hint:
      "Let UIKit forward appearance (addChild + didMove), or call beginAppearanceTransition/endAppearanceTransition "
      + "once per transition; never call viewWillAppear and friends by hand on a controller UIKit also forwards to.",
    source: "https://github.com/nytimes/NYTPhotoViewer/pull/303; "
      + "https://github.com/griddynamics-archive/MMDrawerController/pull/66; "
      + "http://alokvnair.com/posts/the-inconsistent-order-of-view-transition-events/ (cancelled transitions); "
      + "https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:)",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"viewWillAppear","vc":"0xa1"}
        ↓{"ev":"viewWillAppear","vc":"0xa1"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"4.3"}
        {"ev":"viewWillAppear","vc":"0xb2","class":"FlipsideViewController"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"viewWillDisappear","vc":"0xb2"}
        {"ev":"viewDidDisappear","vc":"0xb2"}
        ↓{"ev":"viewDidAppear","vc":"0xb2"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        ↓{"ev":"viewDidDisappear","vc":"0xb2"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"setRoot","vc":"0xc1","class":"ContainerViewController"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2"}
        {"ev":"beginAppearanceTransition","vc":"0xc2","appearing":true}
        ↓{"ev":"beginAppearanceTransition","vc":"0xc2","appearing":true}
        {"ev":"endAppearanceTransition","vc":"0xc2"}
        ↓{"ev":"endAppearanceTransition","vc":"0xc2"}
        """),
    ],
    nonTriggering: [
      // A cancelled interactive pop (A3): 0xc3 starts to leave, 0xb2 starts to come back, then both reverse.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}
        {"ev":"push","nav":"0xa1","vc":"0xb2"}
        {"ev":"viewWillAppear","vc":"0xb2"}
        {"ev":"viewDidAppear","vc":"0xb2"}
        {"ev":"push","nav":"0xa1","vc":"0xc3","animated":true}
        {"ev":"viewWillDisappear","vc":"0xb2","animated":true}
        {"ev":"viewWillAppear","vc":"0xc3","animated":true}
        {"ev":"viewDidDisappear","vc":"0xb2","animated":true}
        {"ev":"viewDidAppear","vc":"0xc3","animated":true}
        {"ev":"viewWillDisappear","vc":"0xc3","animated":true}
        {"ev":"viewWillAppear","vc":"0xb2","animated":true}
        {"ev":"viewWillDisappear","vc":"0xb2","animated":true}
        {"ev":"viewDidDisappear","vc":"0xb2","animated":true}
        {"ev":"viewWillAppear","vc":"0xc3","animated":true}
        {"ev":"viewDidAppear","vc":"0xc3","animated":true}
        """),
      // A view inserted by hand (iOS 4) gets no callbacks, so its first one is viewWillDisappear.
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"4.3"}
        {"ev":"setRoot","vc":"0xr","class":"RootViewController"}
        {"ev":"viewWillAppear","vc":"0xf","class":"FlipsideViewController"}
        {"ev":"viewWillDisappear","vc":"0xm","class":"MainViewController"}
        {"ev":"viewDidDisappear","vc":"0xm"}
        {"ev":"viewDidAppear","vc":"0xf"}
        """),
      // A container cancels a transition by beginning the other way, then ends once (A5).
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"12.0"}
        {"ev":"addChild","parent":"0xc1","vc":"0xc2"}
        {"ev":"beginAppearanceTransition","vc":"0xc2","appearing":true}
        {"ev":"viewWillAppear","vc":"0xc2"}
        {"ev":"beginAppearanceTransition","vc":"0xc2","appearing":false}
        {"ev":"viewWillDisappear","vc":"0xc2"}
        {"ev":"endAppearanceTransition","vc":"0xc2"}
        {"ev":"viewDidDisappear","vc":"0xc2"}
        """),
      // A page view controller scroll, cancelled (A3).
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"17.0"}
        {"ev":"viewWillAppear","vc":"0xp1"}
        {"ev":"viewDidAppear","vc":"0xp1"}
        {"ev":"viewWillAppear","vc":"0xp2"}
        {"ev":"viewWillDisappear","vc":"0xp1"}
        {"ev":"viewWillAppear","vc":"0xp1"}
        {"ev":"viewDidAppear","vc":"0xp1"}
        {"ev":"viewWillDisappear","vc":"0xp2"}
        {"ev":"viewDidDisappear","vc":"0xp2"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    switch step.observation {
    case .unbalancedAppearance(let vc, let callback, let state):
      findings.report(
        Self.self, at: step,
        "unbalanced appearance callbacks for \(step.describe(vc)): \(Self.explain(callback, state))",
        subjects: [vc])
    case .unbalancedAppearanceTransition(let vc, let problem):
      let what =
        switch problem {
        case .beganTwice(let appearing):
          "beginAppearanceTransition(\(appearing)) again before endAppearanceTransition"
        case .endWithoutBegin:
          "endAppearanceTransition without a beginAppearanceTransition"
        }
      findings.report(
        Self.self, at: step, "Unbalanced calls to begin/end appearance transitions for \(step.describe(vc)): \(what)",
        subjects: [vc])
    default:
      break
    }
  }

  static func explain(_ callback: AppearanceCallback, _ state: AppearState) -> String {
    switch (callback, state) {
    case (.viewWillAppear, .appearing): "viewWillAppear twice without viewDidAppear"
    case (.viewWillAppear, _): "viewWillAppear while already on screen (no viewWillDisappear since viewDidAppear)"
    case (.viewDidAppear, .appeared): "viewDidAppear twice"
    case (.viewDidAppear, .disappearing): "viewDidAppear after viewWillDisappear, without a new viewWillAppear"
    case (.viewDidAppear, _): "viewDidAppear without viewWillAppear"
    case (.viewWillDisappear, .disappearing): "viewWillDisappear twice without viewDidDisappear"
    case (.viewWillDisappear, _): "viewWillDisappear while not on screen (no viewWillAppear since viewDidDisappear)"
    case (.viewDidDisappear, .disappeared): "viewDidDisappear twice"
    case (.viewDidDisappear, .appearing): "viewDidDisappear after viewWillAppear, without a viewWillDisappear"
    case (.viewDidDisappear, _): "viewDidDisappear without viewWillDisappear"
    }
  }
}
