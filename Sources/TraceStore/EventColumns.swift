import TraceModel

/// The columns of `event_rows` that hold a record's most queried keys, taken from its payload.
package struct EventColumns {
  /// The record's controller (`vc`; for `transition`, the `to` controller).
  package var vc: ObjectID?
  /// The other controller of the record: parent, presenter, nav, container or tab.
  package var other: ObjectID?
  package var popover: ObjectID?
  /// An orientation name: the device orientation, the `to`/`from` of a rotation callback, or
  /// a preferred orientation.
  package var orientation: StaticString?
  package var mask: OrientationMask?
  package var style: PresentationStyle?
  package var animated: Bool?

  package init(_ payload: EventPayload) {
    switch payload {
    case .setRoot(let vc, _), .shouldAutorotate(let vc, _), .definesPresentationContext(let vc, _),
      .viewWillTransitionToSize(let vc, _, _), .endAppearanceTransition(let vc), .removeFromParent(let vc),
      .presentCompleted(let vc), .dismissCompleted(let vc), .setNeedsUpdateOfSupportedInterfaceOrientations(let vc),
      .dealloc(let vc):
      self.vc = vc
    case .unknown(_, let vc):
      self.vc = vc
    case .windowMask(let mask, _), .requestGeometryUpdate(let mask, _):
      self.mask = mask
    case .deviceOrientation(let device):
      orientation = Self.name(of: device)
    case .supportedInterfaceOrientations(let vc, let mask):
      self.vc = vc
      self.mask = mask
    case .preferredInterfaceOrientation(let vc, let orientation), .willRotate(let vc, let orientation),
      .willAnimateRotation(let vc, let orientation), .didRotate(let vc, let orientation):
      self.vc = vc
      self.orientation = Self.name(of: orientation)
    case .appearance(let vc, _, let animated), .beginAppearanceTransition(let vc, _, let animated),
      .dismiss(let vc, let animated):
      self.vc = vc
      self.animated = animated
    case .addChild(let parent, let vc), .selectTab(let parent, let vc), .transition(let parent, _, let vc):
      self.vc = vc
      other = parent
    case .willMoveToParent(let vc, let parent), .didMoveToParent(let vc, let parent):
      self.vc = vc
      other = parent
    case .push(let nav, let vc, let animated):
      self.vc = vc
      other = nav
      self.animated = animated
    case .pop(let nav, let vc, let animated):
      self.vc = vc
      other = nav
      self.animated = animated
    case .setViewControllers(let container, _):
      other = container
    case .present(let presenter, let vc, let style, let animated):
      self.vc = vc
      other = presenter
      self.style = style
      self.animated = animated
    case .popoverCreate(let popover, let vc):
      self.vc = vc
      self.popover = popover
    case .popoverPresent(let popover), .popoverDidDismiss(let popover), .popoverRelease(let popover):
      self.popover = popover
    case .popoverDismiss(let popover, let animated):
      self.popover = popover
      self.animated = animated
    case .deviceNotifications, .attemptRotation, .console, .dropped:
      break
    }
  }

  /// The name a presentation style has in records.
  package static func name(of style: PresentationStyle) -> StaticString {
    switch style {
    case .fullScreen: "fullScreen"
    case .pageSheet: "pageSheet"
    case .formSheet: "formSheet"
    case .currentContext: "currentContext"
    case .overFullScreen: "overFullScreen"
    case .overCurrentContext: "overCurrentContext"
    case .popover: "popover"
    case .custom: "custom"
    case .automatic: "automatic"
    }
  }

  /// Names as static strings, so that SQLite can bind them without a copy.
  private static func name(of orientation: InterfaceOrientation) -> StaticString {
    switch orientation {
    case .portrait: "portrait"
    case .portraitUpsideDown: "portraitUpsideDown"
    case .landscapeLeft: "landscapeLeft"
    case .landscapeRight: "landscapeRight"
    }
  }

  private static func name(of device: DeviceOrientation) -> StaticString {
    switch device {
    case .unknown: "unknown"
    case .portrait: "portrait"
    case .portraitUpsideDown: "portraitUpsideDown"
    case .landscapeLeft: "landscapeLeft"
    case .landscapeRight: "landscapeRight"
    case .faceUp: "faceUp"
    case .faceDown: "faceDown"
    }
  }
}
