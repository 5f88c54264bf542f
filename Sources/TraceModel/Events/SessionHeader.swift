/// A header record: it starts a session (one launch of the app) and says what the app ran on.
public struct SessionHeader: Sendable {
  /// The format version (`traceq` key); only 1 exists.
  public var version: Int
  /// The device family; nil when the header did not give a valid one.
  public var idiom: Idiom?
  /// The iOS version as written (`os`), and parsed when it has the usual shape.
  public var osText: String?
  /// The iOS version, when ``osText`` has the usual shape.
  public var os: OSVersion?
  /// The app's bundle id or name (`app`), when given.
  public var app: String?
  /// The device model (`device`), when given.
  public var device: String?
  /// The app's build (`build`), when given.
  public var build: String?
  /// Info.plist `UISupportedInterfaceOrientations`, when the header gave it.
  public var declaredSupported: OrientationMask?
  /// The interface orientation at launch (`portrait` when not given).
  public var orientation: InterfaceOrientation
  /// Info.plist `UIRequiresFullScreen`.
  public var requiresFullScreen: Bool

  /// A header with these fields; ``os`` is parsed from `osText`.
  public init(
    version: Int = 1, idiom: Idiom?, osText: String? = nil, app: String? = nil, device: String? = nil,
    build: String? = nil, declaredSupported: OrientationMask? = nil, orientation: InterfaceOrientation = .portrait,
    requiresFullScreen: Bool = false
  ) {
    self.version = version
    self.idiom = idiom
    self.osText = osText
    self.os = osText.flatMap(OSVersion.init)
    self.app = app
    self.device = device
    self.build = build
    self.declaredSupported = declaredSupported
    self.orientation = orientation
    self.requiresFullScreen = requiresFullScreen
  }

  /// The Info.plist mask in effect: the declared one, else the idiom's default
  /// (`all` on iPad, `allButUpsideDown` on iPhone; `all` when the idiom is unknown).
  public var supported: OrientationMask { declaredSupported ?? idiom?.defaultMask ?? .all }
}
