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
    place(vc)
    self[handler].presented = vc
    self[vc].presenter = handler
    self[vc].presentedFrom = source
    self[vc].style = style
    if animated { self[handler].transition = PresentationTransition(kind: .presenting, controller: vc, line: line) }
    if style.decidesOrientation {
      requestOrientationDecision(.deciderChanged(cause: .present(vc), line: line))
    }
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
    self[last.vc].presenter = handler
    if let transition = self[old].transition, transition.controller == last.vc {
      self[old].transition = nil
      self[handler].transition = transition
    }
  }

  /// Who presents for `source`: for current-context styles the first ancestor that defines a
  /// presentation context (UINavigationController does by default), else the top of the
  /// parent chain (presentingViewController is "the farthest ancestor").
  func presentingController(for source: ObjectID, style: EffectiveStyle) -> ObjectID {
    if style.usesPresentationContext {
      for ancestor in ancestors(of: source) where definesContext(ancestor) { return ancestor }
    }
    return root(of: source)
  }

  private func definesContext(_ vc: ObjectID) -> Bool {
    self[vc].definesPresentationContext ?? kind(vc)?.hasNavigationStack ?? false
  }

  /// Why UIKit refuses the present, deciding on the controller that handles it (`on <Y>`):
  /// a present while one animates, on a controller already presenting (which wins when it is
  /// also covered: its presentedViewController is set), then one whose view is not in a window.
  private func refusal(toPresent vc: ObjectID, from source: ObjectID, handler: ObjectID) -> PresentRefusal? {
    let target = self[vc]
    if target.presenter != nil || target.parent != nil || target.rootOfWindow != nil || isAncestor(vc, of: source) {
      return .activeController(presentedBy: target.presenter)
    }
    if let transition = self[handler].transition { return .duringTransition(transition) }
    if let root = presentedRoot(of: source), let presenter = self[root].presenter,
      let transition = self[presenter].transition, transition.controller == root
    {
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

  /// The presented controller whose tree holds `vc`, if any.
  private func presentedRoot(of vc: ObjectID) -> ObjectID? {
    let top = root(of: vc)
    return self[top].presenter == nil ? nil : top
  }

  /// The presentation's completion ran, or the presented controller appeared.
  func presentationCompleted(_ vc: ObjectID) {
    touch(vc)
    guard let presenter = self[vc].presenter, self[presenter].transition?.kind == .presenting,
      self[presenter].transition?.controller == vc
    else { return }
    self[presenter].transition = nil
  }

  /// `[vc dismissViewControllerAnimated:]`: sent to a presenter it dismisses what it presents;
  /// sent to a presented controller (or one inside it) it dismisses that one (P10). Dropped
  /// while a presentation or dismissal animates (P4).
  func dismiss(_ vc: ObjectID, animated: Bool) {
    touch(vc)
    let dismissing = ancestors(of: vc).lazy.compactMap { self[$0].dismissedBy }.first
    if let transition = self[vc].transition ?? dismissing.flatMap({ self[$0].transition }) {
      observe(.dismissRefused(vc: vc, handler: dismissing ?? vc, transition: transition))
      return
    }
    guard let handler = dismissingController(for: vc), let top = self[handler].presented else { return }
    if let transition = self[handler].transition {
      observe(.dismissRefused(vc: vc, handler: handler, transition: transition))
      return
    }
    if animated {
      self[handler].transition = PresentationTransition(kind: .dismissing, controller: top, line: line)
      self[top].dismissedBy = handler
    }
    endPresentation(top: top, handler: handler)
  }

  /// `top`, and what it presents in turn, are no longer presented by `handler`: orientation is
  /// decided again when `top` decided it, else the controller revealed is checked (O4).
  func endPresentation(top: ObjectID, handler: ObjectID) {
    let decided = self[top].style?.decidesOrientation == true
    var current: ObjectID? = top
    var steps = 0
    while let presented = current, steps < controllers.count {
      steps += 1
      current = self[presented].presented
      self[presented].presented = nil
      self[presented].presenter = nil
      self[presented].transition = nil
    }
    self[handler].presented = nil
    if decided {
      requestOrientationDecision(.deciderChanged(cause: .dismiss(top), line: line))
    } else {
      checkShownOrientation(after: .dismiss, from: handler)
    }
  }

  /// The presenter a dismiss sent to `vc` is forwarded to.
  private func dismissingController(for vc: ObjectID) -> ObjectID? {
    if self[vc].presented != nil { return vc }
    for ancestor in ancestors(of: vc) {
      if let presenter = self[ancestor].presenter { return presenter }
      if self[ancestor].presented != nil { return ancestor }
    }
    return nil
  }

  /// The dismissal's completion ran (`vc` is the receiver of the dismiss), or the dismissed
  /// controller disappeared.
  func dismissalCompleted(_ vc: ObjectID) {
    touch(vc)
    if self[vc].transition?.kind == .dismissing { self[vc].transition = nil }
    // The completion may name a controller inside the dismissed one (a Close button's).
    guard let top = ancestors(of: vc).first(where: { self[$0].dismissedBy != nil }),
      let handler = self[top].dismissedBy
    else { return }
    self[top].dismissedBy = nil
    if self[handler].transition?.kind == .dismissing, self[handler].transition?.controller == top {
      self[handler].transition = nil
    }
  }
}
