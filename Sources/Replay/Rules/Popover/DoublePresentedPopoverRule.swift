import TraceModel

/// A popover presented while another popover (or the same one) is still visible.
struct DoublePresentedPopoverRule: Rule {
  static let description = RuleDescription(
    id: "double-presented-popover", name: "Popover presented twice", severity: .error, area: .popover,
    summary: "A popover was presented while another popover, or the same one, was still visible.",
    background: """
      presentPopoverFromBarButtonItem: makes the bar holding the item a passthrough view, so a second tap on the \
      same button runs its action again while the popover shows: the Homepwner camera button creates a second \
      UIPopoverController, assigns it to the property, and the first one — still visible — is deallocated, which \
      crashes. UIKit itself does not stop two popovers; Apple's HIG says to show one popover at a time. Before \
      iOS 7.1 this reproduces with every UIPopoverController shown from a bar button item (iOS 3.2–9).
      """,
    hint: "Dismiss the visible popover first (if popover.isPopoverVisible { popover.dismiss(animated:); return }), "
      + "and keep a single popover property.",
    source: "https://developer.apple.com/documentation/uikit/uipopovercontroller; "
      + "https://developer.apple.com/library/ios/samplecode/Popovers/Listings/ReadMe_txt.html (one popover at a time); "
      + "https://github.com/steamclock/internetmap/issues/8",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5","class":"UIImagePickerController"}
        {"ev":"popoverPresent","popover":"0xd4","from":"barButtonItem"}
        {"ev":"popoverCreate","popover":"0xd6","vc":"0xe7","class":"UIImagePickerController"}
        ↓{"ev":"popoverPresent","popover":"0xd6","from":"barButtonItem"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"8.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        {"ev":"popoverPresent","popover":"0xd4"}
        ↓{"ev":"popoverPresent","popover":"0xd4"}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        {"ev":"popoverPresent","popover":"0xd4"}
        {"ev":"popoverDismiss","popover":"0xd4","animated":true}
        {"ev":"popoverCreate","popover":"0xd6","vc":"0xe7"}
        {"ev":"popoverPresent","popover":"0xd6"}
        """),
      // The user tapped outside: the delegate's didDismiss, then a new popover.
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"7.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        {"ev":"popoverPresent","popover":"0xd4"}
        {"ev":"popoverDidDismiss","popover":"0xd4"}
        {"ev":"popoverPresent","popover":"0xd4"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .popoverPresentedWhileVisible(let popover, let visible, let content) = step.observation else { return }
    let address = step.model.symbols.address(of: popover)
    let shown = content.map { " (\(step.className($0)))" } ?? ""
    // The app's controller that presented it, when the model knows it, is who the message is about.
    let presenter = step.appController.map { "\(step.describe($0)) presented " }
    let subjects = (step.appController.map { [$0] } ?? []) + [popover]
    let contentSubjects = content.map { [$0] } ?? []
    if visible == popover {
      let what = "popover \(address)\(shown)"
      findings.report(
        Self.self, at: step,
        presenter.map { "\($0)\(what) again while it is still visible" }
          ?? "\(what) presented again while it is still visible",
        subjects: subjects + contentSubjects)
      return
    }
    let other = "popover \(step.model.symbols.address(of: visible))\(shown) is still visible"
    findings.report(
      Self.self, at: step,
      presenter.map { "\($0)popover \(address) while \(other)" } ?? "popover \(address) presented while \(other)",
      subjects: subjects + [visible] + contentSubjects)
  }
}
