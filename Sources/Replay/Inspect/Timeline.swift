import TraceModel

/// A replay told line by line: what each event did to UIKit's state, for `traceq replay`.
package struct Timeline {
  let model: SessionModel
  private var orientation: InterfaceOrientation
  /// The appearance state before an appearance event: nil when not one, `.some(nil)` for a
  /// controller never seen.
  private var appearance: AppearState??

  package init(_ model: SessionModel) {
    self.model = model
    orientation = model.interfaceOrientation
  }

  /// Call before the model applies `event`: remembers what the narration compares with.
  package mutating func prepare(_ event: TraceEvent) {
    orientation = model.interfaceOrientation
    if case .appearance(let vc, _, _) = event.payload {
      appearance = .some(vc.offset < model.controllers.count ? model[vc].appearance : nil)
    } else {
      appearance = nil
    }
  }

  /// What `event` did, once the model applied it.
  package func narrate(_ event: TraceEvent) -> String {
    var text = describe(event.payload)
    if model.interfaceOrientation != orientation {
      text += "  → interface \(orientation) → \(model.interfaceOrientation)"
    }
    return text
  }

  private func name(_ id: ObjectID) -> String { model.symbols.describe(id) }

  /// "formSheet", "formSheet → fullScreen" when UIKit adapted it, or "refused".
  private func presentation(of vc: ObjectID, requested: PresentationStyle) -> String {
    let state = model[vc]
    guard state.presenter != nil, let style = state.style else { return "\(requested.rawValue), refused" }
    return style.rawValue == requested.rawValue ? style.rawValue : "\(requested.rawValue) → \(style.rawValue)"
  }

  private func describe(_ payload: EventPayload) -> String {
    switch payload {
    case .setRoot(let vc, let window): "window \(model.symbols.address(of: window)) root = \(name(vc))"
    case .windowMask(let mask, let window): "window \(model.symbols.address(of: window)) mask = \(mask)"
    case .deviceNotifications(let on): "device orientation notifications \(on ? "on" : "off")"
    case .deviceOrientation(let device): "device turned \(device)"
    case .attemptRotation: "attemptRotationToDeviceOrientation"
    case .supportedInterfaceOrientations(let vc, let mask): "\(name(vc)) supports \(mask)"
    case .shouldAutorotate(let vc, let value): "\(name(vc)) shouldAutorotate \(value ? "YES" : "NO")"
    case .preferredInterfaceOrientation(let vc, let orientation): "\(name(vc)) prefers \(orientation)"
    case .definesPresentationContext(let vc, let value): "\(name(vc)) definesPresentationContext \(value)"
    case .willRotate(let vc, let to): "\(name(vc)) willRotate to \(to)"
    case .willAnimateRotation(let vc, let to): "\(name(vc)) willAnimateRotation to \(to)"
    case .didRotate(let vc, let from): "\(name(vc)) didRotate from \(from)"
    case .viewWillTransitionToSize(let vc, let width, let height):
      "\(name(vc)) viewWillTransitionToSize \(width)×\(height)"
    case .appearance(let vc, let callback, _):
      "\(name(vc)) \(callback.rawValue)"
        + (appearance.map {
          "  (\($0?.rawValue ?? "first seen") → \(model[vc].appearance?.rawValue ?? "?"))"
        } ?? "")
    case .beginAppearanceTransition(let vc, let appearing, _): "\(name(vc)) beginAppearanceTransition(\(appearing))"
    case .endAppearanceTransition(let vc): "\(name(vc)) endAppearanceTransition"
    case .addChild(let parent, let vc): "\(name(parent)) addChild \(name(vc))"
    case .willMoveToParent(let vc, let parent): "\(name(vc)) willMoveToParent \(parent.map(name) ?? "nil")"
    case .didMoveToParent(let vc, let parent): "\(name(vc)) didMoveToParent \(parent.map(name) ?? "nil")"
    case .removeFromParent(let vc): "\(name(vc)) removeFromParent"
    case .push(let nav, let vc, _): "\(name(nav)) push \(name(vc))"
    case .pop(let nav, let vc, _): "\(name(nav)) pop" + (vc.map { " \(name($0))" } ?? "")
    case .setViewControllers(let container, let vcs):
      "\(name(container)) setViewControllers [\(vcs.map(name).joined(separator: ", "))]"
    case .selectTab(let tab, let vc): "\(name(tab)) select \(name(vc))"
    case .transition(let parent, let from, let to): "\(name(parent)) transition \(name(from)) → \(name(to))"
    case .present(let presenter, let vc, let style, _):
      "\(name(presenter)) present \(name(vc)) (\(presentation(of: vc, requested: style ?? model.defaultStyle)))"
    case .presentCompleted(let vc): "\(name(vc)) present completion"
    case .dismiss(let vc, _): "\(name(vc)) dismiss"
    case .dismissCompleted(let vc): "\(name(vc)) dismiss completion"
    case .popoverCreate(let popover, let vc): "popover \(model.symbols.address(of: popover)) created for \(name(vc))"
    case .popoverPresent(let popover): "popover \(model.symbols.address(of: popover)) presented"
    case .popoverDismiss(let popover, _): "popover \(model.symbols.address(of: popover)) dismissed by the app"
    case .popoverDidDismiss(let popover): "popover \(model.symbols.address(of: popover)) dismissed by the user"
    case .popoverRelease(let popover): "popover \(model.symbols.address(of: popover)) released"
    case .setNeedsUpdateOfSupportedInterfaceOrientations(let vc):
      "\(name(vc)) setNeedsUpdateOfSupportedInterfaceOrientations"
    case .requestGeometryUpdate(let mask, let window):
      "window \(model.symbols.address(of: window)) requestGeometryUpdate \(mask)"
    case .dealloc(let vc): "\(name(vc)) deallocated"
    case .console(let text, _): "console: \(text)"
    case .dropped(let count): "the recorder dropped \(count) events here"
    case .unknown(let name, _): "\(name) (unknown event)"
    }
  }
}
