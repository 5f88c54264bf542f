/// The event names of trace format version 1, one per UIKit call or callback a recorder logs.
///
/// The raw values are stored in databases (`event_names.id` is `rawValue + 1`): new names are
/// appended at the end, existing ones never move.
public enum EventName: UInt8, CaseIterable, Sendable {
  // Window and device
  case setRoot, windowMask, deviceNotifications, deviceOrientation, attemptRotation
  // What controllers answered
  case supportedInterfaceOrientations, shouldAutorotate, preferredInterfaceOrientation
  case definesPresentationContext
  // Rotation callbacks
  case willRotate, willAnimateRotation, didRotate, viewWillTransitionToSize
  // Appearance callbacks
  case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
  case beginAppearanceTransition, endAppearanceTransition
  // Containment
  case addChild, willMoveToParent, didMoveToParent, removeFromParent
  case push, pop, setViewControllers, selectTab, transition
  // Presentation
  case present, presentCompleted, dismiss, dismissCompleted
  // Popover controllers
  case popoverCreate, popoverPresent, popoverDismiss, popoverDidDismiss, popoverRelease
  // Console
  case console
  // Added after the first release (raw values are stored: append only)
  case setNeedsUpdateOfSupportedInterfaceOrientations, requestGeometryUpdate, dealloc
  // Written by the recorder itself: events it could not keep
  case dropped

  /// The name as written in traces (`"viewWillAppear"`).
  public var name: String { Self.names[Int(rawValue)] }

  private static let names = allCases.map { String(describing: $0) }

  /// Finds the event called `bytes` (UTF-8, no escapes) without allocating.
  public static func named(_ bytes: UnsafeRawBufferPointer) -> EventName? {
    byName.value(for: bytes)
  }

  /// Finds the event called `name`.
  public init?(name: String) {
    guard let found = Self.byName.value(for: name) else { return nil }
    self = found
  }

  private static let byName = ByteStringTable(allCases.map { ($0.name, $0) })
}
