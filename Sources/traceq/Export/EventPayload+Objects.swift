import TraceModel

extension EventPayload {
  /// Calls `body` with each controller, window or popover the event names.
  func forEachObject(_ body: (ObjectID) -> Void) {
    switch self {
    case .setRoot(let vc, let window):
      body(vc)
      body(window)
    case .windowMask(_, let window), .requestGeometryUpdate(_, let window): body(window)
    case .deviceNotifications, .deviceOrientation, .attemptRotation, .console, .dropped: break
    case .supportedInterfaceOrientations(let vc, _), .shouldAutorotate(let vc, _),
      .preferredInterfaceOrientation(let vc, _), .definesPresentationContext(let vc, _), .willRotate(let vc, _),
      .willAnimateRotation(let vc, _), .didRotate(let vc, _), .viewWillTransitionToSize(let vc, _, _),
      .appearance(let vc, _, _), .beginAppearanceTransition(let vc, _, _), .endAppearanceTransition(let vc),
      .removeFromParent(let vc), .presentCompleted(let vc), .dismiss(let vc, _), .dismissCompleted(let vc),
      .setNeedsUpdateOfSupportedInterfaceOrientations(let vc), .dealloc(let vc):
      body(vc)
    case .addChild(let first, let second), .push(let first, let second, _), .selectTab(let first, let second),
      .present(let first, let second, _, _), .popoverCreate(let first, let second):
      body(first)
      body(second)
    case .willMoveToParent(let vc, let parent), .didMoveToParent(let vc, let parent):
      body(vc)
      parent.map(body)
    case .pop(let nav, let vc, _):
      body(nav)
      vc.map(body)
    case .setViewControllers(let container, let vcs):
      body(container)
      vcs.forEach(body)
    case .transition(let parent, let from, let to):
      body(parent)
      body(from)
      body(to)
    case .popoverPresent(let popover), .popoverDismiss(let popover, _), .popoverDidDismiss(let popover),
      .popoverRelease(let popover):
      body(popover)
    case .unknown(_, let vc): vc.map(body)
    }
  }
}
