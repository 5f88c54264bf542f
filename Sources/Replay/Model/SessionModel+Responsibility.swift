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
    var current = actor
    for _ in 0..<controllers.count {
      let state = self[current]
      if let parent = state.parent {
        current = parent
      } else if let source = state.presentedFrom ?? state.presenter {
        // The controller that asked for the presentation (kept after it ended), not the root
        // UIKit hands it to.
        current = source
      } else if let popover = state.shownInPopover, let presenter = popovers[popover]?.presenter {
        return presenter
      } else {
        return nil
      }
      if isAppController(current) { return current }
    }
    return nil
  }

  /// The controller at the top of the screen: down the primary window's front chain and the
  /// controllers presented over it, to the last one shown (what the user taps in, so what makes
  /// a call the trace does not attribute, as `presentPopoverFrom…`).
  package func topController() -> ObjectID? {
    guard let root = primaryWindow?.root else { return nil }
    var top = root
    var steps = 0
    search: while steps < controllers.count {
      steps += 1
      var last = top
      for shown in frontChain(from: top) {
        last = shown
        if let presented = self[shown].presented {
          top = presented
          continue search
        }
      }
      return last
    }
    return top
  }

  /// The chain of controllers shown from `top` down, through the front child where a container
  /// shows several (the detail of a split view, the last child a custom container added).
  func frontChain(from top: ObjectID) -> some Sequence<ObjectID> {
    var steps = 0
    return sequence(first: top) { vc in
      steps += 1
      guard steps < self.controllers.count else { return nil }
      return self.onlyShownChild(of: vc) ?? self[vc].children.last { !self[$0].isViewRemoved }
    }
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
