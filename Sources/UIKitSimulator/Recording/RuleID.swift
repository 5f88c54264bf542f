/// The public ids of traceq's rules (docs/rules.md) that the simulator names its verdicts
/// after. They are written here again on purpose: the simulator never imports Replay, so the
/// only thing the two share is these strings, which are part of traceq's public interface.
public enum RuleID: String, CaseIterable, Sendable {
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
  case pushSameInstance = "push-same-instance"
}
