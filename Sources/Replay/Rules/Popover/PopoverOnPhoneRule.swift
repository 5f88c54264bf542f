import TraceModel

/// UIPopoverController exists on iPad only; creating one elsewhere throws.
struct PopoverOnPhoneRule: Rule {
  static let description = RuleDescription(
    id: "popover-on-phone", name: "UIPopoverController off iPad", severity: .error, area: .popover,
    summary: "A UIPopoverController was created on a device that is not an iPad: an exception.",
    background: """
      "Popover controllers are for use exclusively on iPad devices. Attempting to create one on other devices \
      results in an exception." The exception is tied to the idiom, not to the iOS version: it is still thrown on \
      iPhones running iOS 8 and 9 (the class was deprecated in iOS 9). UIPopoverPresentationController \
      (modalPresentationStyle = .popover, iOS 8+) is the adaptive way and never throws for the idiom.
      """,
    uikitSays:
      "-[UIPopoverController initWithContentViewController:] called when not running under UIUserInterfaceIdiomPad.",
    hint: "Present the controller with modalPresentationStyle = .popover (it adapts on iPhone), or check the idiom "
      + "before creating a UIPopoverController.",
    source: "https://developer.apple.com/documentation/uikit/uipopovercontroller; "
      + "https://github.com/vandadnp/iOS-8-Swift-Programming-Cookbook/issues/4 (iOS 8, iPhone); "
      + "https://github.com/myell0w/MTDActionSheet/issues/5",
    triggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"9.0"}
        ↓{"ev":"popoverCreate","popover":"0xd4","vc":"0xe5","class":"UIImagePickerController"}
        {"ev":"popoverPresent","popover":"0xd4"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"5.1"}
        ↓{"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        """),
    ],
    nonTriggering: [
      RuleExample(
        """
        {"traceq":1,"idiom":"pad","os":"9.0"}
        {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}
        """),
      RuleExample(
        """
        {"traceq":1,"idiom":"phone","os":"9.0"}
        {"ev":"setRoot","vc":"0xa1"}
        {"ev":"present","presenter":"0xa1","vc":"0xe5","style":"popover"}
        """),
    ])

  func check(_ step: ReplayStep, into findings: inout FindingList) {
    guard case .popoverOnPhone(let popover, let content, let idiom) = step.observation else { return }
    findings.report(
      Self.self, at: step,
      "UIPopoverController \(step.model.symbols.address(of: popover)) created for \(step.describe(content)) on "
        + "\(idiom.uikitName); UIKit throws '-[UIPopoverController initWithContentViewController:] called when not "
        + "running under UIUserInterfaceIdiomPad.'",
      subjects: [popover, content])
  }
}
