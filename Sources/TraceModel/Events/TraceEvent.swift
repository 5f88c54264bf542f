/// One event record of a trace, with its typed fields. Controllers and popovers are
/// ``ObjectID``s of the session's ``SessionSymbols``.
public struct TraceEvent: Sendable {
  /// The line of the record in the decompressed trace, counted from 1.
  public var line: Int
  /// Seconds since the session started (`t`), when the record gave it.
  public var time: Double?
  /// What happened.
  public var payload: EventPayload

  /// The event `payload` at `line`, `time` seconds into its session.
  public init(line: Int, time: Double? = nil, _ payload: EventPayload) {
    self.line = line
    self.time = time
    self.payload = payload
  }

  /// The record's event name; nil for an event this version of the format does not know.
  public var name: EventName? { payload.name }
}

/// The events of trace format version 1 with their keys (see `docs/trace-format.md`).
public enum EventPayload: Sendable {
  // Window and device
  case setRoot(vc: ObjectID, window: ObjectID)
  case windowMask(OrientationMask, window: ObjectID)
  case deviceNotifications(on: Bool)
  case deviceOrientation(DeviceOrientation)
  case attemptRotation
  /// iOS 16+: the controller asked UIKit to decide the orientation again.
  case setNeedsUpdateOfSupportedInterfaceOrientations(vc: ObjectID)
  /// iOS 16+: `UIWindowScene.requestGeometryUpdate(.iOS(interfaceOrientations:))`.
  case requestGeometryUpdate(orientations: OrientationMask, window: ObjectID)
  // What controllers answered
  case supportedInterfaceOrientations(vc: ObjectID, mask: OrientationMask)
  case shouldAutorotate(vc: ObjectID, value: Bool)
  case preferredInterfaceOrientation(vc: ObjectID, orientation: InterfaceOrientation)
  case definesPresentationContext(vc: ObjectID, value: Bool)
  // Rotation callbacks
  case willRotate(vc: ObjectID, to: InterfaceOrientation)
  case willAnimateRotation(vc: ObjectID, to: InterfaceOrientation)
  case didRotate(vc: ObjectID, from: InterfaceOrientation)
  case viewWillTransitionToSize(vc: ObjectID, width: Double, height: Double)
  // Appearance callbacks
  case appearance(vc: ObjectID, callback: AppearanceCallback, animated: Bool?)
  case beginAppearanceTransition(vc: ObjectID, appearing: Bool, animated: Bool?)
  case endAppearanceTransition(vc: ObjectID)
  // Containment
  case addChild(parent: ObjectID, vc: ObjectID)
  case willMoveToParent(vc: ObjectID, parent: ObjectID?)
  case didMoveToParent(vc: ObjectID, parent: ObjectID?)
  case removeFromParent(vc: ObjectID)
  case push(nav: ObjectID, vc: ObjectID, animated: Bool?)
  case pop(nav: ObjectID, vc: ObjectID?, animated: Bool?)
  case setViewControllers(container: ObjectID, vcs: [ObjectID])
  case selectTab(tab: ObjectID, vc: ObjectID)
  case transition(parent: ObjectID, from: ObjectID, to: ObjectID)
  /// The controller was deallocated: its id may name a new object afterwards.
  case dealloc(vc: ObjectID)
  // Presentation
  /// `style` is nil when the record gives none: UIKit's default for the session's OS applies.
  case present(presenter: ObjectID, vc: ObjectID, style: PresentationStyle?, animated: Bool?)
  case presentCompleted(vc: ObjectID)
  case dismiss(vc: ObjectID, animated: Bool?)
  case dismissCompleted(vc: ObjectID)
  // Popover controllers
  case popoverCreate(popover: ObjectID, vc: ObjectID)
  case popoverPresent(popover: ObjectID)
  case popoverDismiss(popover: ObjectID, animated: Bool?)
  case popoverDidDismiss(popover: ObjectID)
  case popoverRelease(popover: ObjectID)
  // Console
  /// A line UIKit printed; `frame`: the first frame of the app's code in the backtrace of the
  /// crash report it comes from. (Indirect: a console line is rare, and every event would
  /// otherwise carry room for two strings.)
  indirect case console(text: String, frame: String?)
  /// The recorder dropped `count` events here (its buffer was full: the disk fell behind).
  case dropped(count: Int)
  /// An event name this version does not know: kept in the store, skipped by replay.
  case unknown(name: String, vc: ObjectID?)

  /// The event name of the record; nil for ``unknown(name:vc:)``.
  public var name: EventName? {
    switch self {
    case .setRoot: .setRoot
    case .windowMask: .windowMask
    case .deviceNotifications: .deviceNotifications
    case .deviceOrientation: .deviceOrientation
    case .attemptRotation: .attemptRotation
    case .setNeedsUpdateOfSupportedInterfaceOrientations: .setNeedsUpdateOfSupportedInterfaceOrientations
    case .requestGeometryUpdate: .requestGeometryUpdate
    case .supportedInterfaceOrientations: .supportedInterfaceOrientations
    case .shouldAutorotate: .shouldAutorotate
    case .preferredInterfaceOrientation: .preferredInterfaceOrientation
    case .definesPresentationContext: .definesPresentationContext
    case .willRotate: .willRotate
    case .willAnimateRotation: .willAnimateRotation
    case .didRotate: .didRotate
    case .viewWillTransitionToSize: .viewWillTransitionToSize
    case .appearance(_, let callback, _):
      switch callback {
      case .viewWillAppear: .viewWillAppear
      case .viewDidAppear: .viewDidAppear
      case .viewWillDisappear: .viewWillDisappear
      case .viewDidDisappear: .viewDidDisappear
      }
    case .beginAppearanceTransition: .beginAppearanceTransition
    case .endAppearanceTransition: .endAppearanceTransition
    case .addChild: .addChild
    case .willMoveToParent: .willMoveToParent
    case .didMoveToParent: .didMoveToParent
    case .removeFromParent: .removeFromParent
    case .push: .push
    case .pop: .pop
    case .setViewControllers: .setViewControllers
    case .selectTab: .selectTab
    case .transition: .transition
    case .dealloc: .dealloc
    case .present: .present
    case .presentCompleted: .presentCompleted
    case .dismiss: .dismiss
    case .dismissCompleted: .dismissCompleted
    case .popoverCreate: .popoverCreate
    case .popoverPresent: .popoverPresent
    case .popoverDismiss: .popoverDismiss
    case .popoverDidDismiss: .popoverDidDismiss
    case .popoverRelease: .popoverRelease
    case .console: .console
    case .dropped: .dropped
    case .unknown: nil
    }
  }
}
