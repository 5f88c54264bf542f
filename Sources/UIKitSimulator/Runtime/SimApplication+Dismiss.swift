import TraceModel

/// `dismiss(animated:completion:)` as UIKit routes and performs it.
extension SimApplication {
  /// What a dismiss sent to a controller ends: the presented controller and its presenter.
  struct DismissRoute {
    /// The first controller that goes away (everything it presents goes too).
    var target: SimViewController
    var presenter: SimViewController
  }

  /// Where UIKit routes a dismiss sent to `receiver`. "If you present several view
  /// controllers in succession … calling this method on a view controller lower in the stack
  /// dismisses its immediate child view controller and all view controllers above that child";
  /// sent to a controller that presents nothing, "UIKit asks the presenting view controller to
  /// handle the dismissal" (https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)).
  /// Both properties answer for the receiver's ancestors (see SimViewController+Presentation).
  func dismissRoute(from receiver: SimViewController) -> DismissRoute? {
    if let presented = receiver.presentedViewController, let presenter = presented.presenter {
      return DismissRoute(target: presented, presenter: presenter)
    }
    for candidate in [receiver] + receiver.ancestors {
      if let presenter = candidate.presenter { return DismissRoute(target: candidate, presenter: presenter) }
    }
    return nil
  }

  /// `receiver.dismiss(animated:completion:)`. `completion`: the app passed a completion block.
  func dismiss(from receiver: SimViewController, animated: Bool, completion: Bool = false) {
    beginAppCall()
    let line = recorder.event(.dismiss, vc: receiver) { $0.flag("animated", animated) }
    guard let route = dismissRoute(from: receiver) else { return }
    // "Attempt to dismiss from view controller … while a presentation or dismiss is in
    // progress!": the dismissal is ignored (https://github.com/jonkykong/SideMenu/issues/323).
    if route.presenter.transition != nil {
      return recorder.expect(.dismissDuringTransition, at: line)
    }
    let chain = [route.target] + route.target.presentedChain
    // "Only the top-most view is dismissed in an animated fashion; any intermediate view
    // controllers are simply removed from the stack" (same page): no callbacks for them.
    let intermediates = chain.dropLast().flatMap(\.family)
    let reveals = chain.contains { $0.modal?.decidesOrientation == true }
    let entering = changeScreen(animated: animated, duration: Self.modalDuration, excluding: intermediates) {
      route.presenter.transition = .dismissing
      if reveals { redecideOrientationAfterDismissal(at: line) }
    } finished: { [self] in
      route.presenter.transition = nil
      route.presenter.presented = nil
      for vc in chain {
        vc.presenter = nil
        vc.modal = nil
        vc.presented = nil
      }
      // The completion runs after the dismissed controller's viewDidDisappear (same page).
      if completion || recorder.recordsCompletions { recorder.event(.dismissCompleted, vc: receiver) }
    }
    if !reveals { holdIfShownUnsupported(entering, at: line) }
  }
}
