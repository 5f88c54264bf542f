import TraceModel

/// The device and the app build of one session: which app, iOS version, iPhone or iPad, the
/// Info.plist orientations and how the recorder logs completions.
struct DeviceSetup {
  enum AppKind: CaseIterable {
    case homepwner, mail, reader

    var name: String {
      switch self {
      case .homepwner: "Homepwner"
      case .mail: "Mail"
      case .reader: "Reader"
      }
    }
  }

  var app: AppKind
  var os: OSVersion
  var idiom: Idiom
  var infoPlistMask: OrientationMask
  var requiresFullScreen: Bool
  var orientation: InterfaceOrientation
  /// TraceRecorderUIKit (every completion recorded) or a hand-written recorder.
  var recordsCompletions: Bool
  /// The delegate's application(_:supportedInterfaceOrientationsFor:) answer, if it has one.
  var windowMask: OrientationMask?

  /// iOS 7 to 17, the releases apps were still tested on.
  static let versions = [
    "7.0", "7.1", "8.1", "8.4", "9.3", "10.3", "11.4", "12.4", "13.3", "14.5", "15.7", "16.4", "17.2",
  ]

  static func random(_ app: AppKind, _ random: inout SimRandom) -> DeviceSetup {
    let os = OSVersion(random.pick(versions)) ?? OSVersion(17)
    let idiom: Idiom = random.chance(app == .mail ? 50 : 40) ? .pad : .phone
    let mask: OrientationMask =
      idiom == .pad
      ? .all : random.weighted([(OrientationMask.allButUpsideDown, 70), (.portrait, 20), (.all, 10)])
    return DeviceSetup(
      app: app, os: os, idiom: idiom, infoPlistMask: mask,
      requiresFullScreen: idiom == .pad && random.chance(50),
      orientation: mask.contains(.portrait) && random.chance(80) ? .portrait : mask.orientations.last ?? .portrait,
      recordsCompletions: random.chance(50),
      windowMask: random.chance(10) ? mask : nil)
  }

  /// The session's header line.
  func writeHeader(to recorder: SimRecorder) {
    recorder.header {
      $0.name("app", app.name)
      $0.name("os", os.description)
      $0.name("idiom", idiom.rawValue)
      $0.mask("supported", infoPlistMask)
      $0.name("orientation", orientation.name)
      if requiresFullScreen { $0.flag("requiresFullScreen", true) }
    }
  }
}
