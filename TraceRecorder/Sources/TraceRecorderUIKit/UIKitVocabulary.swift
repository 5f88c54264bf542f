#if canImport(UIKit)
  import Foundation
  import TraceRecorder
  import UIKit

  /// UIKit's values in the format's words.
  enum UIKitVocabulary {
    /// `class` and `kind` for a controller: the class's name as Swift writes it (demangled,
    /// with generic arguments: `UIHostingController<ContentView>`; Key-Value Observing's hidden
    /// subclass named after the class it observes), and the container kind for a subclass of a
    /// UIKit container.
    static func describe(_ object: AnyObject) -> ClassDescription {
      let name = ClassNames.display(String(describing: type(of: object)))
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
