import TraceModel

/// Modal presentation and dismissal.
extension SessionModel {
  /// `[source presentViewController:vc …]`. UIKit hands the request to the controller that
  /// presents for that style (P7, P8), then throws when `vc` is already active (P5), drops it
  /// with a warning when `source` is not in a window (P2), when a presentation or dismissal is
  /// animating (P3) or when the presenter already presents (P1), and presents from a detached
  /// controller with a warning (P6).
  func present(_ vc: ObjectID, from source: ObjectID, style requested: PresentationStyle, animated: Bool) {
    touch(source)
    touch(vc)
    let style = EffectiveStyle(requested, idiom: header.idiom, os: header.os)
    let handler = presentingController(for: source, style: style)
    if let refusal = refusal(toPresent: vc, from: source, handler: handler) {
      if case .activeController = refusal {
        observe(.presentRefused(source: source, vc: vc, handler: handler, reason: refusal))
      } else {
        // A presenter placed in a window whose view never appeared yet: UIKit refuses only if
        // its appearance follows (a present from viewDidLoad); until then the present stands.
        let unseen = refusal == .notInWindowHierarchy && isInWindow(handler)
        if unseen { link(vc, presentedBy: handler, from: source, style: style, animated: animated) }
        held.append(
          .refusedPresent(
            RefusedPresent(
              line: line, source: source, vc: vc, handler: handler, style: style, animated: animated,
              reason: refusal, needsConfirmation: unseen)))
      }
      return
    }
    if !isInWindow(handler) { observe(.presentedFromDetached(source: source, vc: vc)) }
    reportPendingDidMove(source, .used)
    link(vc, presentedBy: handler, from: source, style: style, animated: animated)
    if style.usesPresentationContext { lastContextPresent = (vc, source, time) }
  }

  /// Records `vc` as presented by `handler` (UIKit performed the present).
  func link(_ vc: ObjectID, presentedBy handler: ObjectID, from source: ObjectID, style: EffectiveStyle, animated: Bool)
  {
    setPresentation(vc, presentedBy: handler, from: source, style: style)
    if animated {
      startTransition(PresentationTransition(kind: .presenting, controller: vc, line: line, time: time), on: handler)
    }
    // UIKit decides again when the presented controller takes over the decision (not when it
    // is presented from a controller outside the window's hierarchy).
    if style.decidesOrientation, isDeciding(vc) {
      requestOrientationDecision(.deciderChanged(cause: .present(vc), line: line))
    }
  }

  /// `handler` presents `vc` (asked by `source`), in `style`.
  func setPresentation(_ vc: ObjectID, presentedBy handler: ObjectID, from source: ObjectID, style: EffectiveStyle) {
    place(vc)
    self[handler].presented = vc
    noteShownChange(vc)
    self[vc].presenter = handler
    self[vc].presentedFrom = source
    self[vc].style = style
    self[vc].presentationEndLine = nil
    noteDepth(of: vc)
  }

  /// A `definesPresentationContext` answer recorded in the same instant as a current-context
  /// present belongs to that present: UIKit asked it while choosing who presents.
  func reconsiderContext(after answer: ObjectID) {
    guard let last = lastContextPresent, isSameInstant(last.time), let style = self[last.vc].style,
      let old = self[last.vc].presenter
    else { return }
    let handler = presentingController(for: last.source, style: style)
    guard handler != old, self[handler].presented == nil else { return }
    self[old].presented = nil
    self[handler].presented = last.vc
    noteShownChange(last.vc)
    self[last.vc].presenter = handler
    if let transition = self[old].transition, transition.controller == last.vc {
      endTransition(of: old)
      startTransition(transition, on: handler)
    }
  }

  /// Why UIKit refuses the present, deciding on the controller that handles it (`on <Y>`):
  /// a present while one animates, on a controller already presenting (which wins when it is
  /// also covered: its presentedViewController is set), then one whose view is not in a window.
  private func refusal(toPresent vc: ObjectID, from source: ObjectID, handler: ObjectID) -> PresentRefusal? {
    let target = self[vc]
    if target.presenter != nil || target.parent != nil || target.rootOfWindow != nil || isAncestor(vc, of: source) {
      return .activeController(presentedBy: target.presenter)
    }
    if let (_, transition) = transitionBlockingPresent(from: source, on: handler) {
      return .duringTransition(transition)
    }
    if let other = self[handler].presented { return .alreadyPresenting(other: other) }
    if isInWindow(handler) {
      // Placed in a window but its view never appeared yet (a present from viewDidLoad).
      let state = self[handler]
      return state.appearance == .disappeared && state.appearanceLine == 0 ? .notInWindowHierarchy : nil
    }
    let visible = self[source].appearance?.isVisible == true || self[handler].appearance?.isVisible == true
    return visible ? nil : .notInWindowHierarchy
  }

  /// The presentation's completion ran (`presentCompleted` names the presented controller), or
  /// the presented controller — or one inside it — appeared: the presentation is over.
  func presentationCompleted(_ vc: ObjectID) {
    touch(vc)
    guard let presented = presentedAncestor(of: vc), let presenter = self[presented].presenter,
      let transition = self[presenter].transition, transition.kind == .presenting, transition.controller == presented
    else { return }
    endTransition(of: presenter)
  }

  /// `[vc dismissViewControllerAnimated:]`, routed as UIKit routes it (``dismissal(requestedOf:)``);
  /// dropped while a presentation or dismissal it would touch animates (P4).
  func dismiss(_ vc: ObjectID, animated: Bool) {
    touch(vc)
    if let (handler, transition) = transitionBlockingDismiss(sentTo: vc) {
      observe(.dismissRefused(vc: vc, handler: handler, transition: transition))
      return
    }
    guard let (handler, top) = dismissal(requestedOf: vc) else { return }
    if let transition = runningTransition(of: handler) {
      observe(.dismissRefused(vc: vc, handler: handler, transition: transition))
      return
    }
    endPresentation(top: top, handler: handler, animated: animated)
  }

  /// `top`, and what it presents in turn, are no longer presented by `handler`. Orientation is
  /// decided again when `top` decided it, else the controller revealed is checked (O4).
  func endPresentation(top: ObjectID, handler: ObjectID, animated: Bool = false) {
    let decided = self[top].style?.decidesOrientation == true && isDeciding(top)
    unlinkPresentation(top: top, handler: handler, animated: animated)
    if decided {
      requestOrientationDecision(.deciderChanged(cause: .dismiss(top), line: line))
    } else {
      checkShownOrientation(after: .dismiss, from: handler)
    }
  }

  /// Takes `top` and the controllers it presents off `handler`; an animated dismissal moves them
  /// off screen until their callbacks or the completion say it is over.
  func unlinkPresentation(top: ObjectID, handler: ObjectID, animated: Bool) {
    var moving: [ObjectID] = []
    // The walk finds the next presented controller before the loop unlinks the one it holds.
    for presented in walk(from: top, step: { self[$0].presented }) {
      self[presented].presented = nil
      noteShownChange(presented)
      self[presented].presenter = nil
      self[presented].presentationEndLine = line
      if self[presented].transition != nil { endTransition(of: presented) }
      if animated {
        self[presented].dismissedBy = handler
        moving.append(presented)
      }
    }
    self[handler].presented = nil
    if animated {
      startTransition(
        PresentationTransition(kind: .dismissing, controller: top, line: line, time: time, moving: moving), on: handler)
    }
  }

  /// The completion of a dismiss sent to `vc` ran: the dismissal that request started — run by
  /// `vc` or an ancestor, or taking the controller that holds `vc` away — is over.
  func dismissalCompleted(receiver vc: ObjectID) {
    touch(vc)
    for ancestor in ancestors(of: vc) {
      if self[ancestor].transition?.kind == .dismissing { return endTransition(of: ancestor) }
      if let (handler, _) = dismissal(moving: ancestor) { return endTransition(of: handler) }
    }
  }
}
