import TraceModel

/// UIKit's answers about presentation, coded once and asked by every path: choosing who
/// presents, routing a dismiss, finding the transition a request runs into, and ending it.
///
/// UIKit answers `presentedViewController` and `presentingViewController` for a controller's
/// ancestors too: a child of a navigation controller that presents "is presenting", and a child
/// of a presented controller is presented by its presenter
/// (https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller,
/// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller).
extension SessionModel {
  /// `vc` or its nearest ancestor that presents a controller: the one whose
  /// `presentedViewController` answers for `vc`.
  package func presentingAncestor(of vc: ObjectID) -> ObjectID? {
    ancestors(of: vc).first { self[$0].presented != nil }
  }

  /// `vc` or its nearest ancestor that is presented: the one whose `presentingViewController`
  /// answers for `vc`.
  package func presentedAncestor(of vc: ObjectID) -> ObjectID? {
    ancestors(of: vc).first { self[$0].presenter != nil }
  }

  /// `presentedViewController` of `vc`.
  package func presentedViewController(of vc: ObjectID) -> ObjectID? {
    presentingAncestor(of: vc).flatMap { self[$0].presented }
  }

  /// `presentingViewController` of `vc`.
  package func presentingViewController(of vc: ObjectID) -> ObjectID? {
    presentedAncestor(of: vc).flatMap { self[$0].presenter }
  }

  /// Who presents for `source`: for current-context styles the first ancestor that defines a
  /// presentation context, else the top of the parent chain (`presentingViewController` is "the
  /// farthest ancestor").
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/definespresentationcontext
  package func presentingController(for source: ObjectID, style: EffectiveStyle) -> ObjectID {
    if style.usesPresentationContext {
      for ancestor in ancestors(of: source) where definesContext(ancestor) { return ancestor }
    }
    return root(of: source)
  }

  /// `definesPresentationContext`: its answer, else NO, except for UINavigationController,
  /// which "change[s] the default value to YES" (the property's documentation).
  private func definesContext(_ vc: ObjectID) -> Bool {
    self[vc].definesPresentationContext ?? kind(vc)?.hasNavigationStack ?? false
  }

  /// What `dismiss(animated:)` sent to `vc` dismisses, and the presenter that does it: sent to
  /// a controller that presents (itself or through an ancestor), its presented controller and
  /// all above it; sent to one that presents nothing, the request goes to its presenter, which
  /// dismisses the presented controller holding `vc`
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)).
  package func dismissal(requestedOf vc: ObjectID) -> (handler: ObjectID, top: ObjectID)? {
    if let host = presentingAncestor(of: vc), let top = self[host].presented { return (host, top) }
    if let presented = presentedAncestor(of: vc), let presenter = self[presented].presenter {
      return (presenter, presented)
    }
    return nil
  }

  /// The animated presentation or dismissal a present handled by `handler` (asked by `source`)
  /// runs into: one `handler` runs ("Attempt to present <X> on <handler> while a presentation
  /// is in progress"), or the one still bringing in the presented controller that holds
  /// `source`. A transition of a controller between them does not stop UIKit presenting from
  /// `handler`.
  package func transitionBlockingPresent(from source: ObjectID, on handler: ObjectID) -> (
    handler: ObjectID, transition: PresentationTransition
  )? {
    if let transition = runningTransition(of: handler) { return (handler, transition) }
    return transitionMoving(source, includingDismissal: false)
  }

  /// The animated presentation or dismissal a dismiss sent to `vc` runs into: one run by `vc`
  /// or an ancestor (the one that presents for it), or one moving the presented controller that
  /// holds `vc`, in or out.
  package func transitionBlockingDismiss(sentTo vc: ObjectID) -> (
    handler: ObjectID, transition: PresentationTransition
  )? {
    for ancestor in ancestors(of: vc) {
      if let transition = runningTransition(of: ancestor) { return (ancestor, transition) }
    }
    return transitionMoving(vc, includingDismissal: true)
  }

  /// The transition presenting the presented controller that holds `vc` — or, with
  /// `includingDismissal`, dismissing it — with the presenter that runs it.
  private func transitionMoving(_ vc: ObjectID, includingDismissal: Bool) -> (
    handler: ObjectID, transition: PresentationTransition
  )? {
    for ancestor in ancestors(of: vc) {
      if let presenter = self[ancestor].presenter, let transition = runningTransition(of: presenter),
        transition.kind == .presenting, transition.controller == ancestor
      {
        return (presenter, transition)
      }
      if includingDismissal, let dismissal = dismissal(moving: ancestor) { return dismissal }
    }
    return nil
  }

  /// The animated dismissal taking `vc` (one of the controllers it moves) off screen, with the
  /// presenter that runs it.
  func dismissal(moving vc: ObjectID) -> (handler: ObjectID, transition: PresentationTransition)? {
    guard let handler = self[vc].dismissedBy, let transition = runningTransition(of: handler),
      transition.kind == .dismissing
    else { return nil }
    return (handler, transition)
  }

  /// `handler`'s animated presentation or dismissal, while it may still run: UIKit's animations
  /// last a fraction of a second, so one the trace has not ended ``transitionLifetime`` after
  /// it started is over (the callbacks that end it were not recorded).
  func runningTransition(of handler: ObjectID) -> PresentationTransition? {
    guard let transition = self[handler].transition else { return nil }
    if let start = transition.time, let now = time, now - start > Self.transitionLifetime { return nil }
    return transition
  }

  /// How long (in seconds of `t`) a transition may run before the model takes it as over.
  static let transitionLifetime = 1.0

  /// `handler` starts an animated presentation or dismissal (replacing one it had).
  func startTransition(_ transition: PresentationTransition, on handler: ObjectID) {
    if self[handler].transition == nil { openTransitions += 1 }
    self[handler].transition = transition
  }

  /// Ends `handler`'s transition: the controllers it moved are no longer being dismissed.
  func endTransition(of handler: ObjectID) {
    guard let transition = self[handler].transition else { return }
    openTransitions -= 1
    self[handler].transition = nil
    for moved in transition.moving where self[moved].dismissedBy == handler { self[moved].dismissedBy = nil }
  }
}
