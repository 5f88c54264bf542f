import TraceModel

/// `present(_:animated:completion:)` as UIKit performs or refuses it.
extension SimApplication {
  /// Milliseconds a present or dismiss animates.
  static let modalDuration = 400

  /// `source.present(vc, animated:completion:)` with `vc.modalPresentationStyle == style`
  /// (nil: left at UIKit's default). `completion`: the app passed a completion block.
  func present(
    _ vc: SimViewController, from source: SimViewController, style: PresentationStyle?, animated: Bool,
    completion: Bool = false
  ) {
    beginAppCall()
    let line = recorder.event(.present, vc: vc) {
      $0.name("presenter", source.address)
      if let style { $0.name("style", style.rawValue) }
      $0.flag("animated", animated)
    }
    let modal = ModalBehaviour(style, os: os, idiom: idiom)
    // A controller can be in one place at a time: NSInvalidArgumentException "Application
    // tried to present modally an active controller" (https://github.com/OpenTreeMap/otm-ios/issues/362).
    if isActive(vc, presentedFrom: source) {
      recorder.expect(.presentActiveController, at: line)
      return crash()
    }
    let presenter = presentingController(for: source, modal)
    // The refusals below log a warning and drop the request: nothing is presented and the
    // completion never runs (https://github.com/bluesky-social/social-app/pull/7194).
    if presenter.transition != nil {
      return recorder.expect(.presentDuringTransition, at: line)
    }
    // presentedViewController answers for ancestors: a child of a controller that presents
    // "is presenting" (https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller).
    if presenter.presentedViewController != nil {
      return recorder.expect(.alreadyPresenting, at: line)
    }
    if !isInWindow(presenter) {
      return recorder.expect(.notInWindowHierarchy, at: line)
    }
    // A legacy view added by hand: UIKit presents, and from iOS 8 warns "Presenting view
    // controllers on detached view controllers is discouraged"
    // (https://github.com/John-Lluch/SWRevealViewController/issues/344).
    if source.host != nil, source.parent == nil, os >= OSVersion(8) {
      recorder.expect(.presentFromDetached, at: line)
    }
    if modal.decidesOrientation, !decideOrientation(presenting: vc, at: line) { return }
    changeScreen(animated: animated, duration: Self.modalDuration) {
      presenter.presented = vc
      vc.presenter = presenter
      vc.modal = modal
      presenter.transition = .presenting
    } finished: { [self] in
      presenter.transition = nil
      // The completion runs after the presented controller's viewDidAppear
      // (https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)).
      if completion || recorder.recordsCompletions { recorder.event(.presentCompleted, vc: vc) }
    }
  }

  /// The controller that handles a present sent to `source`: for the current-context styles
  /// the first of it and its ancestors that defines a presentation context (UIKit reads each
  /// one's definesPresentationContext on the way: https://developer.apple.com/documentation/uikit/uiviewcontroller/definespresentationcontext);
  /// otherwise its farthest ancestor, since "a full-screen presentation must be made by a view
  /// controller that itself covers the entire screen" and the request is forwarded up
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)).
  func presentingController(for source: SimViewController, _ modal: ModalBehaviour) -> SimViewController {
    guard modal.usesContext else { return source.familyRoot }
    for candidate in [source] + source.ancestors {
      recorder.event(.definesPresentationContext, vc: candidate) {
        $0.flag("value", candidate.definesPresentationContext)
      }
      if candidate.definesPresentationContext { return candidate }
    }
    return root ?? source.familyRoot
  }

  /// Whether `vc` is already somewhere UIKit shows it: presented, a child, the window's root,
  /// a view added by hand, or the presenter itself or one of its ancestors.
  func isActive(_ vc: SimViewController, presentedFrom source: SimViewController) -> Bool {
    vc.presenter != nil || vc.parent != nil || vc === root || vc.host != nil || vc === source
      || source.ancestors.contains { $0 === vc }
  }

  /// A user's swipe down on the top-most sheet (iOS 13+), or a tap outside a popover
  /// presentation (iPad): the presentation ends with the presented controller's disappearance
  /// callbacks, and neither a dismiss call nor a completion
  /// (https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:):
  /// "not called if the presentation is dismissed programmatically"). A swipe let go early
  /// puts the sheet back: viewWillDisappear, then viewWillAppear and viewDidAppear
  /// (https://github.com/Expensify/react-native-share-menu/pull/81,
  /// https://github.com/criticalmaps/criticalmaps-ios/issues/171).
  func userDismissesTopPresentation(cancelled: Bool) {
    guard let top = topPresented, let presenter = top.presenter, top.modal?.userDismissible == true,
      presenter.transition == nil
    else { return }
    if cancelled {
      let order = screen(forwardedOnly: true, from: top)
      for vc in order.pre { send(.viewWillDisappear, to: vc, animated: true) }
      runLoop.schedule(after: 200) { [self] in
        for vc in order.pre { send(.viewWillAppear, to: vc, animated: true) }
      }
      runLoop.schedule(after: 450) { [self] in
        for vc in order.post { send(.viewDidAppear, to: vc, animated: true) }
      }
      return
    }
    changeScreen(animated: true, duration: Self.modalDuration) {
      presenter.transition = .dismissing
    } finished: {
      presenter.transition = nil
      presenter.presented = nil
      top.presenter = nil
      top.modal = nil
    }
  }

  /// The last controller of the window's presentation chain (a legacy view's presentation
  /// covers the screen it was added to).
  var topPresented: SimViewController? {
    detached.lazy.compactMap { $0.presentedChain.last }.last ?? root?.presentedChain.last
  }
}
