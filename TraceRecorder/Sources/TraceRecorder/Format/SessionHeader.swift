/// A session's header record: what the app ran on. The recorder writes it first in each file.
public struct SessionHeader: Sendable {
  /// The device family; nil writes no `idiom` (the reader then refuses the session).
  public var idiom: Idiom?
  /// The iOS version (`os`), as `UIDevice.current.systemVersion` gives it.
  public var osText: String?
  public var app: String?
  public var device: String?
  public var build: String?
  /// Info.plist `UISupportedInterfaceOrientations` for this idiom (`supported`).
  public var declaredSupported: OrientationMask?
  /// The interface orientation at launch.
  public var orientation: InterfaceOrientation
  /// Info.plist `UIRequiresFullScreen`.
  public var requiresFullScreen: Bool

  public init(
    idiom: Idiom?, osText: String? = nil, app: String? = nil, device: String? = nil, build: String? = nil,
    declaredSupported: OrientationMask? = nil, orientation: InterfaceOrientation = .portrait,
    requiresFullScreen: Bool = false
  ) {
    self.idiom = idiom
    self.osText = osText
    self.app = app
    self.device = device
    self.build = build
    self.declaredSupported = declaredSupported
    self.orientation = orientation
    self.requiresFullScreen = requiresFullScreen
  }
}
