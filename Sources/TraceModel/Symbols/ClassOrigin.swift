/// Whether a class is the app's own or the system's (UIKit's, SwiftUI's, another Apple
/// framework's), told from its name as a trace, a console log or a crash report writes it: the
/// controller a finding should send the developer to is the nearest one of the app's.
///
/// - A Swift name says its module: `MyApp.SettingsViewController` is the app's,
///   `SwiftUI.UIHostingController<…>` the system's (a runtime name, `_TtGC7SwiftUI…`, is read by
///   `SwiftDemangler`).
/// - An Objective-C name says its framework by its prefix: Apple's frameworks name their classes
///   with prefixes of two capitals (`UI`, `MF`, `PH`…) that apps are asked not to use (Apple,
///   "Conventions" in *Programming with Objective-C*:
///   https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/ProgrammingWithObjectiveC/Conventions/Conventions.html),
///   followed by a capitalised word (`UIImagePickerController`; `UIKThing` is not UIKit's).
/// - A name starting with `_` is a private class of the system's (`_UIAlertControllerShimPresenter`).
public enum ClassOrigin: Sendable, Equatable {
  case app, system

  /// The origin of the class named `className`.
  public init(className: String) {
    if let origin = Self.unmangledASCIIOrigin(className) {
      self = origin
      return
    }
    var name = Substring(className)
    if SwiftDemangler.isMangled(className) {
      if let module = SwiftDemangler.module(of: className) {
        self = Self.systemModules.contains(module) || module.hasPrefix("_") ? .system : .app
        return
      }
      name = Substring(SwiftDemangler.demangle(className) ?? className)
    }
    if name.hasPrefix("_") {
      self = .system
      return
    }
    // `Module.Name`: the module decides (generic arguments do not count: `MyApp.List<UIKit.X>`).
    let unqualified = name.prefix { $0 != "<" }
    if let dot = unqualified.firstIndex(of: ".") {
      let module = String(unqualified[..<dot])
      self = Self.systemModules.contains(module) || module.hasPrefix("_") ? .system : .app
      return
    }
    self = Self.hasSystemPrefix(unqualified) ? .system : .app
  }

  /// The origin of a name in ASCII that starts with neither `_` nor `$` (nearly every name), told
  /// byte by byte as ``init(className:)`` tells it character by character (in ASCII a character
  /// is a byte, but CR LF, which holds neither `<` nor `.`); nil for other names.
  private static func unmangledASCIIOrigin(_ className: String) -> ClassOrigin? {
    let origin = className.utf8.withContiguousStorageIfAvailable { bytes -> ClassOrigin? in
      guard let first = bytes.first, first != UInt8(ascii: "_"), first != UInt8(ascii: "$"),
        bytes.allSatisfy({ $0 < 0x80 })
      else { return nil }
      let unqualified = bytes.prefix { $0 != UInt8(ascii: "<") }
      guard let dot = unqualified.firstIndex(of: UInt8(ascii: ".")) else {
        return hasSystemPrefix(unqualified) ? .system : .app
      }
      let module = String(decoding: unqualified[..<dot], as: UTF8.self)
      return systemModules.contains(module) || module.hasPrefix("_") ? .system : .app
    }
    return origin ?? nil
  }

  /// True for a class of the system's.
  public static func isSystem(_ className: String) -> Bool { ClassOrigin(className: className) == .system }

  /// `UIImagePickerController`, `GLKViewController`: a framework prefix, then a capital and a
  /// lower-case letter.
  private static func hasSystemPrefix(_ name: Substring) -> Bool { hasSystemPrefix(name.utf8) }

  private static func hasSystemPrefix(_ name: some Collection<UInt8>) -> Bool {
    let letters = Array(name.prefix(8))
    for prefixLength in 2...4 where prefixLength + 1 < letters.count {
      let prefix = String(decoding: letters[..<prefixLength], as: UTF8.self)
      guard frameworkPrefixes.contains(prefix) else { continue }
      let next = letters[prefixLength]
      let after = letters[prefixLength + 1]
      if next >= UInt8(ascii: "A"), next <= UInt8(ascii: "Z"), after >= UInt8(ascii: "a"), after <= UInt8(ascii: "z") {
        return true
      }
    }
    return false
  }

  /// The class prefixes of Apple's frameworks that define view controllers, windows or the
  /// classes UIKit names in its diagnostics.
  static let frameworkPrefixes: Set<String> = [
    "UI", "NS", "CA", "MK", "MF", "SK", "AV", "PH", "CN", "EK", "GK", "SF", "QL", "WK", "AB", "PK", "MP", "SL",
    "TW", "AD", "RP", "VN", "AS", "CP", "HK", "HM", "AR", "CL", "CK", "MS", "ST", "INUI", "GLK", "PDF", "LP", "MTK",
  ]

  /// Swift modules of the system's.
  static let systemModules: Set<String> = [
    "Swift", "SwiftUI", "UIKit", "UIKitCore", "Foundation", "MapKit", "AVKit", "PhotosUI", "SafariServices",
    "MessageUI", "StoreKit", "ContactsUI", "EventKitUI", "GameKit", "QuickLook", "WebKit", "PassKit", "VisionKit",
    "AuthenticationServices", "CarPlay", "HealthKitUI", "HomeKit", "IntentsUI", "ReplayKit", "Social",
    "AddressBookUI", "GLKit", "MediaPlayer", "CoreAudioKit", "ARKit", "RealityKit", "PDFKit", "LinkPresentation",
    "SwiftUICore", "Charts", "MusicKit", "PencilKit", "QuickLookThumbnailing", "TipKit",
  ]
}
