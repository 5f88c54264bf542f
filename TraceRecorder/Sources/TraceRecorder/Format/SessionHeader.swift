/// A session's header record: what the app ran on. The recorder writes it first in each file.
public struct SessionHeader: Sendable {
  /// The device family; nil writes no `idiom` (the reader then refuses the session).
  public var idiom: Idiom?
  /// The iOS version (`os`), as `UIDevice.current.systemVersion` gives it.
  public var osText: String?
  /// The app's name (`app`): Info.plist `CFBundleName`.
  public var app: String?
  /// The device model (`device`), such as `iPad13,4`.
  public var device: String?
  /// The app's build (`build`): Info.plist `CFBundleVersion`.
  public var build: String?
  /// Info.plist `UISupportedInterfaceOrientations` for this idiom (`supported`).
  public var declaredSupported: OrientationMask?
  /// The interface orientation at launch.
  public var orientation: InterfaceOrientation
  /// Info.plist `UIRequiresFullScreen`.
  public var requiresFullScreen: Bool

  /// A header for a device of `idiom`; what is nil is not written.
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
