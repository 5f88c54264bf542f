#if canImport(UIKit)
  import Foundation
  import TraceModel
  import TraceRecorder
  import UIKit

  /// UIKit's values in the format's words.
  enum UIKitVocabulary {
    /// `class` and `kind` for a controller: the class's name (without the prefix of Key-Value
    /// Observing's hidden subclasses), and the container kind for a subclass of a UIKit container.
    static func describe(_ object: AnyObject) -> ClassDescription {
      var name = String(describing: type(of: object))
      let observed = "NSKVONotifying_"
      if name.hasPrefix(observed) { name.removeFirst(observed.count) }
      guard let controller = object as? UIViewController else { return ClassDescription(name: name) }
      let kind: ContainerKind? =
        switch controller {
        case is UIImagePickerController: .imagePicker
        case is UINavigationController: .navigation
        case is UITabBarController: .tabBar
        case is UISplitViewController: .split
        default: nil
        }
      // UIKit's own class names already imply their kind.
      return ClassDescription(name: name, kind: ContainerKind(impliedByClass: name) == nil ? kind : nil)
    }

    private static let facingLock = NSLock()
    private static var facing: [ObjectIdentifier: Bool] = [:]
    /// Class name prefixes of UIKit's own controllers and windows: the keyboard's and the input
    /// system's, and private classes.
    static let internalPrefixes = [
      "_", "UIInput", "UICompatibilityInput", "UISystemInput", "UISystemKeyboard", "UIKeyboard", "UIPrediction",
      "UIEditingOverlay", "UITextEffectsWindow", "UIRemoteKeyboard",
    ]

    /// False for UIKit's own controllers and windows (``internalPrefixes``); decided once per class.
    static func isAppFacing(_ object: AnyObject) -> Bool {
      let cls: AnyClass = type(of: object)
      let key = ObjectIdentifier(cls)
      facingLock.lock()
      defer { facingLock.unlock() }
      if let known = facing[key] { return known }
      let name = NSStringFromClass(cls)
      let appFacing = !internalPrefixes.contains { name.hasPrefix($0) }
      facing[key] = appFacing
      return appFacing
    }

    static func presentationStyle(_ style: UIModalPresentationStyle) -> PresentationStyle? {
      switch style {
      case .fullScreen: .fullScreen
      case .pageSheet: .pageSheet
      case .formSheet: .formSheet
      case .currentContext: .currentContext
      case .overFullScreen: .overFullScreen
      case .overCurrentContext: .overCurrentContext
      case .popover: .popover
      case .custom: .custom
      case .automatic: .automatic
      default: nil
      }
    }

    static func interfaceOrientation(_ raw: Int) -> InterfaceOrientation? { InterfaceOrientation(rawValue: raw) }

    static func deviceOrientation(_ orientation: UIDeviceOrientation) -> DeviceOrientation {
      DeviceOrientation(rawValue: orientation.rawValue) ?? .unknown
    }

    /// `UIInterfaceOrientationPortrait` and the like, as Info.plist writes them.
    static func infoPlistOrientation(_ name: String) -> InterfaceOrientation? {
      switch name {
      case "UIInterfaceOrientationPortrait": .portrait
      case "UIInterfaceOrientationPortraitUpsideDown": .portraitUpsideDown
      case "UIInterfaceOrientationLandscapeLeft": .landscapeLeft
      case "UIInterfaceOrientationLandscapeRight": .landscapeRight
      default: nil
      }
    }

    /// `iPad13,4`, or the simulated model in the simulator.
    static func modelIdentifier() -> String {
      if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] { return simulated }
      var system = utsname()
      uname(&system)
      return withUnsafeBytes(of: &system.machine) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
  }
#endif
