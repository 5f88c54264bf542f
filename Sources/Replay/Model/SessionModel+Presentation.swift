import TraceModel

/// Modal presentation and dismissal (uikit-semantics.md P1–P11).
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
      observe(.presentRefused(source: source, vc: vc, handler: handler, reason: refusal))
      return
    }
    if !isInWindow(source) { observe(.presentedFromDetached(source: source, vc: vc)) }
    reportPendingDidMove(source, .used)
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

  private func refusal(toPresent vc: ObjectID, from source: ObjectID, handler: ObjectID) -> PresentRefusal? {
    let target = self[vc]
    if target.presenter != nil || target.parent != nil || target.rootOfWindow != nil || isAncestor(vc, of: source) {
      return .activeController(presentedBy: target.presenter)
    }
    if !isInWindow(source), self[source].appearance?.isVisible != true { return .notInWindowHierarchy }
    if let transition = self[handler].transition { return .duringTransition(transition) }
    if let root = presentedRoot(of: source), let presenter = self[root].presenter,
      let transition = self[presenter].transition, transition.controller == root
    {
      return .duringTransition(transition)
    }
    if let other = self[handler].presented { return .alreadyPresenting(other: other) }
    return nil
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
    if let transition = self[vc].transition ?? self[vc].dismissedBy.flatMap({ self[$0].transition }) {
      observe(.dismissRefused(vc: vc, handler: self[vc].dismissedBy ?? vc, transition: transition))
      return
    }
    guard let handler = dismissingController(for: vc), let top = self[handler].presented else { return }
    if let transition = self[handler].transition {
      observe(.dismissRefused(vc: vc, handler: handler, transition: transition))
      return
    }
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
    if animated {
      self[handler].transition = PresentationTransition(kind: .dismissing, controller: top, line: line)
      self[top].dismissedBy = handler
    }
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
    guard let handler = self[vc].dismissedBy else { return }
    self[vc].dismissedBy = nil
    if self[handler].transition?.kind == .dismissing, self[handler].transition?.controller == vc {
      self[handler].transition = nil
    }
  }
}
