/// Every rule traceq knows. Adding a rule is one line here (`RuleCatalogTests` names any rule
/// file missing from the list).
public enum RuleCatalog {
  public static let all: [any Rule.Type] = [
    UnbalancedAppearanceRule.self,
    UnfinishedAppearanceRule.self,
    DoublePresentedPopoverRule.self,
    PopoverReleasedWhileVisibleRule.self,
    PopoverOnPhoneRule.self,
    RejectedOrientationRule.self,
    NoCommonOrientationRule.self,
    PreferredOrientationUnsupportedRule.self,
    UnsupportedOrientationShownRule.self,
    RotationCallbackMismatchRule.self,
    AlreadyPresentingRule.self,
    NotInWindowHierarchyRule.self,
    PresentActiveControllerRule.self,
    PresentDuringTransitionRule.self,
    DismissDuringTransitionRule.self,
    PresentFromDetachedRule.self,
    DidMoveMissingRule.self,
    WillMoveMissingRule.self,
    TransitionWithoutCommonParentRule.self,
    PushSameInstanceRule.self,
    ModelDisagreementRule.self,
  ]

  /// The rule with id `id`.
  public static func type(for id: String) -> (any Rule.Type)? {
    all.first { $0.description.id == id }
  }
}
