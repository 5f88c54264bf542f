import TraceModel

/// What a generated session runs on and how its app is built: the header's values and the
/// shape of the controller hierarchy.
struct SessionProfile {
  /// The hierarchy under the window's root.
  enum Layout: CaseIterable {
    /// A navigation controller.
    case navigation
    /// A tab bar controller with navigation controllers and one custom pager.
    case tabs
    /// A split view controller with a master and a detail navigation controller (iPad).
    case split
    /// A custom container that swaps pages with `transition(from:to:)`.
    case pager
  }

  let idiom: Idiom
  let os: OSVersion
  let device: String
  /// Info.plist's mask as the header declares it; nil leaves it out (the idiom's default).
  let declaredSupported: OrientationMask?
  let requiresFullScreen: Bool
  /// The root controller's `supportedInterfaceOrientations`; nil when it never answers.
  let rootMask: OrientationMask?
  /// The app delegate answers `application(_:supportedInterfaceOrientationsFor:)` (with the
  /// Info.plist mask).
  let answersWindowMask: Bool
  let layouts: [Layout]
  /// The screen in points, portrait.
  let screenSize: (width: Int, height: Int)
  let app: AppVocabulary

  /// The app's mask in effect.
  var supported: OrientationMask { declaredSupported ?? idiom.defaultMask }

  /// iOS 9+ iPad apps with every orientation and no UIRequiresFullScreen: UIKit ignores the
  /// controllers' masks.
  var supportsMultitasking: Bool { idiom == .pad && os >= OSVersion(9) && supported == .all && !requiresFullScreen }

  /// UIKit still asks `shouldAutorotate` (before iOS 16).
  var asksShouldAutorotate: Bool { os < OSVersion(16) }

  /// Rotation reaches controllers as willRotate/willAnimateRotation/didRotate (before iOS 8)
  /// rather than viewWillTransitionToSize.
  var usesRotationCallbacks: Bool { os < OSVersion(8) }

  /// `UIPopoverController` is in use (an iPad before iOS 13).
  var usesPopoverControllers: Bool { idiom == .pad && os < OSVersion(13) }

  /// The profiles sessions cycle through: old and new iOS, iPhone and iPad, portrait-only,
  /// landscape-only, multitasking and full-screen iPad apps.
  static func table() -> [SessionProfile] {
    let apps = AppVocabulary.all
    func app(_ name: String) -> AppVocabulary { apps.first { $0.name == name } ?? apps[0] }
    let phone = (width: 390, height: 844)
    let oldPhone = (width: 320, height: 568)
    let pad = (width: 820, height: 1180)
    let oldPad = (width: 768, height: 1024)
    return [
      SessionProfile(
        idiom: .phone, os: OSVersion(7, 1), device: "iPhone6,1", declaredSupported: .allButUpsideDown,
        requiresFullScreen: false, rootMask: .allButUpsideDown, answersWindowMask: false,
        layouts: [.navigation, .tabs],
        screenSize: oldPhone, app: app("Homepwner")),
      SessionProfile(
        idiom: .pad, os: OSVersion(7, 0), device: "iPad3,4", declaredSupported: .all, requiresFullScreen: false,
        rootMask: nil, answersWindowMask: false, layouts: [.split, .navigation, .tabs], screenSize: oldPad,
        app: app("Homepwner")),
      SessionProfile(
        idiom: .phone, os: OSVersion(17, 4), device: "iPhone15,2", declaredSupported: nil, requiresFullScreen: false,
        rootMask: nil, answersWindowMask: false, layouts: [.tabs, .navigation, .pager], screenSize: phone,
        app: app("Shop")),
      SessionProfile(
        idiom: .pad, os: OSVersion(16, 4), device: "iPad13,4", declaredSupported: .all, requiresFullScreen: false,
        rootMask: .all, answersWindowMask: false, layouts: [.split, .tabs, .navigation], screenSize: pad,
        app: app("Mail")),
      SessionProfile(
        idiom: .phone, os: OSVersion(12, 4), device: "iPhone10,4", declaredSupported: .portrait,
        requiresFullScreen: false, rootMask: .portrait, answersWindowMask: false,
        layouts: [.tabs, .navigation, .pager],
        screenSize: phone, app: app("Reader")),
      SessionProfile(
        idiom: .phone, os: OSVersion(15, 2), device: "iPhone13,3", declaredSupported: .landscape,
        requiresFullScreen: false, rootMask: .landscape, answersWindowMask: true,
        layouts: [.navigation, .pager, .tabs],
        screenSize: phone, app: app("Chess")),
      SessionProfile(
        idiom: .pad, os: OSVersion(12, 1), device: "iPad8,1", declaredSupported: .all, requiresFullScreen: true,
        rootMask: .landscape, answersWindowMask: false, layouts: [.pager, .split, .navigation], screenSize: pad,
        app: app("Chess")),
      SessionProfile(
        idiom: .phone, os: OSVersion(9, 3), device: "iPhone8,1", declaredSupported: .allButUpsideDown,
        requiresFullScreen: false, rootMask: nil, answersWindowMask: true, layouts: [.navigation, .tabs, .pager],
        screenSize: oldPhone, app: app("Weather")),
      SessionProfile(
        idiom: .pad, os: OSVersion(8, 4), device: "iPad5,3", declaredSupported: .all, requiresFullScreen: false,
        rootMask: .allButUpsideDown, answersWindowMask: false, layouts: [.navigation, .split, .pager],
        screenSize: oldPad, app: app("Reader")),
      SessionProfile(
        idiom: .phone, os: OSVersion(13, 7), device: "iPhone11,8", declaredSupported: .allButUpsideDown,
        requiresFullScreen: false, rootMask: .allButUpsideDown, answersWindowMask: false,
        layouts: [.navigation, .tabs, .pager], screenSize: phone, app: app("Mail")),
    ]
  }
}
