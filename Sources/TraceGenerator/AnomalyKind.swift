import TraceModel

/// The anomalies the generator injects: one for each of nineteen rules of `traceq check`, named
/// by the rule's id (the ground truth's second column). What the rule says of each (whether
/// UIKit throws, when it is reported) comes from the rule catalog (``RuleFacts``).
enum AnomalyKind: String, CaseIterable {
  case unbalancedAppearance = "unbalanced-appearance"
  case unfinishedAppearance = "unfinished-appearance"
  case doublePresentedPopover = "double-presented-popover"
  case popoverReleasedWhileVisible = "popover-released-while-visible"
  case popoverOnPhone = "popover-on-phone"
  case rejectedOrientation = "rejected-orientation"
  case noCommonOrientation = "no-common-orientation"
  case preferredOrientationUnsupported = "preferred-orientation-unsupported"
  case unsupportedOrientationShown = "unsupported-orientation-shown"
  case rotationCallbackMismatch = "rotation-callback-mismatch"
  case alreadyPresenting = "already-presenting"
  case notInWindowHierarchy = "not-in-window-hierarchy"
  case presentActiveController = "present-active-controller"
  case presentDuringTransition = "present-during-transition"
  case dismissDuringTransition = "dismiss-during-transition"
  case presentFromDetached = "present-from-detached"
  case didMoveMissing = "did-move-missing"
  case willMoveMissing = "will-move-missing"
  case transitionWithoutCommonParent = "transition-without-common-parent"

  /// The id of the rule that reports it.
  var ruleID: String { rawValue }

  /// UIKit throws: the app ends there, so the anomaly is the last thing of its session.
  var raisesException: Bool { facts.raisesException }

  /// Reported when the session ends, and only if it ends without an exception.
  var isReportedAtSessionEnd: Bool { facts.isReportedAtSessionEnd }

  private var facts: RuleFacts {
    guard let facts = RuleFacts.byRuleID[ruleID] else { preconditionFailure("no rule \(ruleID) in the catalog") }
    return facts
  }

  /// Injected last in its session (at most one such anomaly per session).
  var endsSession: Bool { raisesException || isReportedAtSessionEnd }

  /// Whether a session with `profile` and `layout` can show it.
  func fits(_ profile: SessionProfile, _ layout: SessionProfile.Layout) -> Bool {
    let rootMask = profile.supported.intersection(profile.rootMask ?? profile.idiom.defaultMask)
    switch self {
    case .doublePresentedPopover, .popoverReleasedWhileVisible:
      return profile.usesPopoverControllers
    case .popoverOnPhone:
      return profile.idiom == .phone && profile.os < OSVersion(13)
    case .noCommonOrientation:
      return !profile.supportsMultitasking && profile.supported != .all
    case .preferredOrientationUnsupported:
      return !profile.supportsMultitasking
    case .unsupportedOrientationShown:
      return !profile.supportsMultitasking && layout != .pager && rootMask.orientations.count >= 2
    case .rotationCallbackMismatch:
      return profile.os < OSVersion(10)
    case .presentFromDetached:
      // UIKit warns from iOS 8 only.
      return profile.os >= OSVersion(8)
    case .didMoveMissing, .willMoveMissing, .transitionWithoutCommonParent:
      return layout == .pager || layout == .tabs
    case .unbalancedAppearance, .unfinishedAppearance, .rejectedOrientation, .alreadyPresenting, .notInWindowHierarchy,
      .presentActiveController, .presentDuringTransition, .dismissDuringTransition:
      return true
    }
  }
}
