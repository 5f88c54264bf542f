// Generated from Sources/Replay/Rules/**/*Rule.swift by RuleCatalogTests: do not edit.
// After adding, renaming or removing a rule file:
//   TRACEQ_UPDATE_RULE_CATALOG=1 swift test --skip-build --filter RuleCatalogTests
// then build again.

extension RuleCatalog {
  /// Every rule, one per file of `Sources/Replay/Rules`, in path order.
  package static let all: [any Rule.Type] = [
    UnbalancedAppearanceRule.self,
    UnfinishedAppearanceRule.self,
    DidMoveMissingRule.self,
    PushSameInstanceRule.self,
    TransitionWithoutCommonParentRule.self,
    WillMoveMissingRule.self,
    ModelDisagreementRule.self,
    NoCommonOrientationRule.self,
    PreferredOrientationUnsupportedRule.self,
    RejectedOrientationRule.self,
    RotationCallbackMismatchRule.self,
    UnsupportedOrientationShownRule.self,
    DoublePresentedPopoverRule.self,
    PopoverOnPhoneRule.self,
    PopoverReleasedWhileVisibleRule.self,
    AlreadyPresentingRule.self,
    DismissDuringTransitionRule.self,
    NotInWindowHierarchyRule.self,
    PresentActiveControllerRule.self,
    PresentDuringTransitionRule.self,
    PresentFromDetachedRule.self,
  ]
}
