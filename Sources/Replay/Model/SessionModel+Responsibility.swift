import TraceModel

/// Which of the app's controllers a finding sends the developer to: the code to fix is the
/// app's, not UIKit's. The model answers from its hierarchy at the moment of the call.
extension SessionModel {
  /// The nearest controller declared in the app (``ClassOrigin``) responsible for a call about
  /// `actor`: `actor` itself when it is the app's; else the app's controller it shows (the top of
  /// a navigation stack pushed onto, the content of a UIKit container); else the nearest of its
  /// containers, then of the controllers that asked to present it (an alert's), then the
  /// controller that showed the popover holding it. Nil when none has a class of the app's.
  package func appController(responsibleFor actor: ObjectID) -> ObjectID? {
    guard actor.offset < controllers.count else { return nil }
    if isAppController(actor) { return actor }
    for shown in frontChain(from: actor).dropFirst() where isAppController(shown) { return shown }
    var last = actor
    for current in walk(from: actor, step: responsibleHolder(of:)).dropFirst() {
      if isAppController(current) { return current }
      last = current
    }
    let state = self[last]
    guard responsibleHolder(of: last) == nil, let popover = state.shownInPopover else { return nil }
    return popovers[popover]?.presenter
  }

  /// Who answers for `vc` after it: its container, else the controller that asked to present it
  /// (kept after the presentation ended) rather than the root UIKit hands it to, else its
  /// presenter.
  private func responsibleHolder(of vc: ObjectID) -> ObjectID? {
    let state = self[vc]
    return state.parent ?? state.presentedFrom ?? state.presenter
  }

  /// The controller at the top of the screen: down the primary window's front chain and the
  /// controllers presented over it, to the last one shown (what the user taps in, so what makes
  /// a call the trace does not attribute, as `presentPopoverFrom…`).
  package func topController() -> ObjectID? {
    guard let root = primaryWindow?.root else { return nil }
    var top = root
    for shown in walk(from: root, step: { self[$0].presented ?? self.frontChild(of: $0) }) { top = shown }
    return top
  }

  /// The chain of controllers shown from `top` down, through the front child where a container
  /// shows several (the detail of a split view, the last child a custom container added).
  func frontChain(from top: ObjectID) -> some Sequence<ObjectID> {
    walk(from: top, step: frontChild(of:))
  }

  /// The child `vc` shows in front: its only shown child, else the last it shows.
  private func frontChild(of vc: ObjectID) -> ObjectID? {
    onlyShownChild(of: vc) ?? self[vc].children.last { !self[$0].isViewRemoved }
  }

  /// Whether the trace named `vc`'s class, and it is the app's.
  func isAppController(_ vc: ObjectID) -> Bool {
    symbols.className(of: vc).map { ClassOrigin(className: $0) == .app } ?? false
  }

  /// The app's controller responsible for what `observation` is about.
  func appController(for observation: Observation) -> ObjectID? {
    let actor: ObjectID? =
      switch observation {
      case .unbalancedAppearance(let vc, _, _), .unfinishedAppearance(let vc, _, _): vc
      // The container that forwards appearance by hand calls begin/end on its child.
      case .unbalancedAppearanceTransition(let vc, _): self[vc].parent ?? vc
      case .popoverOnPhone, .popoverPresentedWhileVisible: topController()
      case .popoverReleasedWhileVisible(let popover, _): popovers[popover]?.presenter ?? topController()
      case .rotationRejected(_, _, let reason): reason.decision?.decider ?? orientationDecision()?.decider
      case .noCommonOrientation(let decision): decision.decider
      case .preferredOrientationUnsupported(let vc, _, _), .unsupportedOrientationShown(let vc, _, _, _),
        .rotationCallbackMismatch(let vc, _, _):
        vc
      case .presentRefused(let source, _, _, _), .presentedFromDetached(let source, _): source
      case .dismissRefused(let vc, _, _): vc
      case .pushedTwice(_, let nav): nav
      case .didMoveMissing(_, let parent, _, _), .willMoveMissing(_, let parent),
        .transitionWithoutCommonParent(let parent, _, _):
        parent
      case .modelDisagreement(let disagreement):
        switch disagreement {
        case .refusedPresentAppeared(_, let handler, _, _): handler
        case .rejectedRotationHappened(let vc, _, _, _): vc
        case .duplicatePushAppeared(_, let nav, _): nav
        case .dismissedAppeared(_, let presenter, _): presenter
        }
      }
    return actor.flatMap(appController(responsibleFor:))
  }
}

extension RotationRefusal {
  /// The decision that refused, when the refusal came from one.
  var decision: OrientationDecision? {
    switch self {
    case .notInMask(let decision), .shouldAutorotateNo(let decision): decision
    case .notificationsOff: nil
    }
  }
}
