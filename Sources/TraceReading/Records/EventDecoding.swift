@_spi(Bytes) import TraceModel

/// Builds the typed payload of each event from its record, per the tables of the format
/// contract: required keys must be there with the right type, optional ones may be absent.
extension RecordFields {
  func payload(of event: EventName) throws(RecordProblem) -> EventPayload {
    switch event {
    case .setRoot:
      return .setRoot(vc: try object(.vc), window: try window())
    case .windowMask:
      return .windowMask(try mask(.mask), window: try window())
    case .deviceNotifications:
      return .deviceNotifications(on: try bool(.on))
    case .deviceOrientation:
      return .deviceOrientation(try deviceOrientation(.orientation))
    case .attemptRotation:
      return .attemptRotation
    case .supportedInterfaceOrientations:
      return .supportedInterfaceOrientations(vc: try object(.vc), mask: try mask(.mask))
    case .shouldAutorotate:
      return .shouldAutorotate(vc: try object(.vc), value: try bool(.value))
    case .preferredInterfaceOrientation:
      return .preferredInterfaceOrientation(vc: try object(.vc), orientation: try interfaceOrientation(.orientation))
    case .definesPresentationContext:
      return .definesPresentationContext(vc: try object(.vc), value: try bool(.value))
    case .willRotate:
      _ = try optionalNumber(.duration)
      return .willRotate(vc: try object(.vc), to: try interfaceOrientation(.to))
    case .willAnimateRotation:
      _ = try optionalNumber(.duration)
      return .willAnimateRotation(vc: try object(.vc), to: try interfaceOrientation(.to))
    case .didRotate:
      return .didRotate(vc: try object(.vc), from: try interfaceOrientation(.from))
    case .viewWillTransitionToSize:
      return .viewWillTransitionToSize(vc: try object(.vc), width: try number(.width), height: try number(.height))
    case .viewWillAppear:
      return .appearance(vc: try object(.vc), callback: .viewWillAppear, animated: try optionalBool(.animated))
    case .viewDidAppear:
      return .appearance(vc: try object(.vc), callback: .viewDidAppear, animated: try optionalBool(.animated))
    case .viewWillDisappear:
      return .appearance(vc: try object(.vc), callback: .viewWillDisappear, animated: try optionalBool(.animated))
    case .viewDidDisappear:
      return .appearance(vc: try object(.vc), callback: .viewDidDisappear, animated: try optionalBool(.animated))
    case .beginAppearanceTransition:
      return .beginAppearanceTransition(
        vc: try object(.vc), appearing: try bool(.appearing), animated: try optionalBool(.animated))
    case .endAppearanceTransition:
      return .endAppearanceTransition(vc: try object(.vc))
    case .addChild:
      return .addChild(parent: try object(.parent), vc: try object(.vc))
    case .willMoveToParent:
      return .willMoveToParent(vc: try object(.vc), parent: try parentOrNull())
    case .didMoveToParent:
      return .didMoveToParent(vc: try object(.vc), parent: try parentOrNull())
    case .removeFromParent:
      return .removeFromParent(vc: try object(.vc))
    case .push:
      return .push(nav: try object(.nav), vc: try object(.vc), animated: try optionalBool(.animated))
    case .pop:
      return .pop(nav: try object(.nav), vc: try optionalObject(.vc), animated: try optionalBool(.animated))
    case .setViewControllers:
      return .setViewControllers(container: try object(.container), vcs: try objects(.vcs))
    case .selectTab:
      return .selectTab(tab: try object(.tab), vc: try object(.vc))
    case .transition:
      _ = try optionalNumber(.duration)
      return .transition(parent: try object(.parent), from: try object(.from), to: try object(.to))
    case .present:
      let style = try name(.style, in: PresentationStyle.byName, expected: Self.styleNames)
      return .present(
        presenter: try object(.presenter), vc: try object(.vc), style: style, animated: try optionalBool(.animated))
    case .presentCompleted:
      return .presentCompleted(vc: try object(.vc))
    case .dismiss:
      return .dismiss(vc: try object(.vc), animated: try optionalBool(.animated))
    case .dismissCompleted:
      return .dismissCompleted(vc: try object(.vc))
    case .popoverCreate:
      return .popoverCreate(popover: try object(.popover, as: .popover), vc: try object(.vc))
    case .popoverPresent:
      _ = try optionalString(.from)
      return .popoverPresent(popover: try object(.popover, as: .popover))
    case .popoverDismiss:
      return .popoverDismiss(popover: try object(.popover, as: .popover), animated: try optionalBool(.animated))
    case .popoverDidDismiss:
      return .popoverDidDismiss(popover: try object(.popover, as: .popover))
    case .popoverRelease:
      return .popoverRelease(popover: try object(.popover, as: .popover))
    case .console:
      return .console(text: try string(.text), frame: try optionalString(.frame))
    case .setNeedsUpdateOfSupportedInterfaceOrientations:
      return .setNeedsUpdateOfSupportedInterfaceOrientations(vc: try object(.vc))
    case .requestGeometryUpdate:
      return .requestGeometryUpdate(orientations: try mask(.orientations), window: try window())
    case .dealloc:
      return .dealloc(vc: try object(.vc))
    case .dropped:
      let count = try number(.count)
      guard count >= 0, count == count.rounded(), count < 1e15 else {
        throw .invalid(.count, String(count), "a count of events (a whole number, 0 or more)")
      }
      return .dropped(count: Int(count))
    }
  }

  /// The `vc` of the record, for the `class` and `kind` keys that describe it.
  func describedController(of payload: EventPayload) -> ObjectID? {
    switch payload {
    case .setRoot(let vc, _), .supportedInterfaceOrientations(let vc, _), .shouldAutorotate(let vc, _),
      .preferredInterfaceOrientation(let vc, _), .definesPresentationContext(let vc, _), .willRotate(let vc, _),
      .willAnimateRotation(let vc, _), .didRotate(let vc, _), .viewWillTransitionToSize(let vc, _, _),
      .appearance(let vc, _, _), .beginAppearanceTransition(let vc, _, _), .endAppearanceTransition(let vc),
      .addChild(_, let vc), .willMoveToParent(let vc, _), .didMoveToParent(let vc, _), .removeFromParent(let vc),
      .push(_, let vc, _), .selectTab(_, let vc), .present(_, let vc, _, _), .presentCompleted(let vc),
      .dismiss(let vc, _), .dismissCompleted(let vc), .popoverCreate(_, let vc),
      .setNeedsUpdateOfSupportedInterfaceOrientations(let vc), .dealloc(let vc):
      return vc
    case .pop(_, let vc, _), .unknown(_, let vc):
      return vc
    case .windowMask, .deviceNotifications, .deviceOrientation, .attemptRotation, .setViewControllers, .transition,
      .popoverPresent, .popoverDismiss, .popoverDidDismiss, .popoverRelease, .console, .requestGeometryUpdate, .dropped:
      return nil
    }
  }

  /// The window a record names (`main` when it names none).
  private func window() throws(RecordProblem) -> ObjectID {
    try optionalObject(.window, as: .window) ?? withSymbols { $0.intern("main", as: .window) }
  }

  /// `parent` of will/didMoveToParent: required, but null is a value (moving out of a parent).
  private func parentOrNull() throws(RecordProblem) -> ObjectID? {
    guard has(.parent) else { throw .missing(.parent, "a controller id or null", in: context) }
    return try optionalObject(.parent)
  }

  static let styleNames =
    "a presentation style (" + PresentationStyle.allCases.map(\.rawValue).joined(separator: ", ") + ")"
}
