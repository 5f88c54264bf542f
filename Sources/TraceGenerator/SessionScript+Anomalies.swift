/// Injecting the planned anomalies: getting the screen ready, then the lines that break one
/// rule, marked in the block for the ground truth.
extension SessionScript {
  /// Writes one step that brings the screen closer to where `kind` can be injected (no popover,
  /// nothing presented, the right tab); false when it is ready.
  func prepare(for kind: AnomalyKind) -> Bool {
    if screen.popover != nil {
      hidePopover()
      return true
    }
    if !screen.modals.isEmpty {
      dismissModal()
      return true
    }
    guard screen.root.role == .tabBar else { return false }
    let needed: ScriptController.Role? =
      switch kind {
      case .didMoveMissing, .willMoveMissing, .transitionWithoutCommonParent: .pager
      case .unsupportedOrientationShown: .navigation
      default: nil
      }
    guard let needed, screen.root.children[screen.root.selected].role != needed, let index = tab(showing: needed)
    else { return false }
    selectTab(index)
    return true
  }

  /// Writes the lines of `kind`, the screen being ready for it.
  func inject(_ kind: AnomalyKind) {
    switch kind {
    case .unbalancedAppearance: injectUnbalancedAppearance()
    case .unfinishedAppearance: injectUnfinishedAppearance()
    case .doublePresentedPopover: injectDoublePresentedPopover()
    case .popoverReleasedWhileVisible: injectPopoverReleasedWhileVisible()
    case .popoverOnPhone: injectPopoverOnPhone()
    case .rejectedOrientation: injectRejectedOrientation()
    case .noCommonOrientation: injectNoCommonOrientation()
    case .preferredOrientationUnsupported: injectPreferredOrientationUnsupported()
    case .unsupportedOrientationShown: injectUnsupportedOrientationShown()
    case .rotationCallbackMismatch: injectRotationCallbackMismatch()
    case .alreadyPresenting: injectAlreadyPresenting()
    case .notInWindowHierarchy: injectNotInWindowHierarchy()
    case .presentActiveController: injectPresentActiveController()
    case .presentDuringTransition: injectPresentDuringTransition()
    case .dismissDuringTransition: injectDismissDuringTransition()
    case .presentFromDetached: injectPresentFromDetached()
    case .didMoveMissing: injectDidMoveMissing()
    case .willMoveMissing: swapPage(withoutWillMove: true)
    case .transitionWithoutCommonParent: injectTransitionWithoutCommonParent()
    }
  }

  /// A controller that has left the screen and the hierarchy: the last one popped, dismissed
  /// or removed, or one pushed and popped (or a page swapped out) now.
  func controllerOffScreen() -> ScriptController {
    if let offScreen = screen.offScreen { return offScreen }
    if screen.top.shownNavigation != nil {
      push(makeScreen(), answering: nil, animated: true)
      pop(animated: true)
    } else {
      swapPage()
    }
    return screen.offScreen ?? screen.root
  }
}
