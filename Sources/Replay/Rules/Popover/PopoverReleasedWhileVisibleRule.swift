import TraceModel

/// UIKit raises when a UIPopoverController is freed while its popover is on screen.
struct PopoverReleasedWhileVisibleRule: Rule {
  static let description = RuleDescription(
    id: "popover-released-while-visible", name: "Popover released while visible", severity: .error, area: .popover,
    summary: "A UIPopoverController was deallocated while its popover was still showing: a crash.",
    background: """
      The presentation does not retain the UIPopoverController: the app must, until the popover is dismissed. \
      Releasing it while visible raises NSGenericException (iOS 3.2–9). The usual cause is a property \
      overwritten by a second popover (the Homepwner double tap), or a popover held in a local variable under ARC.
      """,
    uikitSays: "-[UIPopoverController dealloc] reached while popover is still visible.",
    hint: "Hold the popover controller in a property until it has been dismissed.",
    source: "https://github.com/steamclock/internetmap/issues/8; "
      + "https://github.com/lionheart/openradar-mirror/issues/5009; "
      + "https://developer.apple.com/documentation/uikit/uipopovercontroller",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5","class":"UIImagePickerController"}
        {"ev":"popoverPresent","popover":"0xd4"}
        ↓{"ev":"popoverRelease","popover":"0xd4"}
        """)
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        {"ev":"popoverPresent","popover":"0xd4"}
        {"ev":"popoverDidDismiss","popover":"0xd4"}
        {"ev":"popoverRelease","popover":"0xd4"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        {"ev":"popoverRelease","popover":"0xd4"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .popoverReleasedWhileVisible(let popover, let content) = step.observation else { return }
    let shown = content.map { " (\(step.className($0)))" } ?? ""
    findings.report(
      Self.self, at: step,
      "popover \(step.model.symbols.address(of: popover))\(shown) released while still visible; UIKit raises "
        + "'-[UIPopoverController dealloc] reached while popover is still visible.'",
      subjects: [popover] + (content.map { [$0] } ?? []))
  }
}
