/// Which classes are recorded and which get hooks of their own, decided from ``ClassFacts``:
/// the app's exclusions, UIKit's private classes, and the system's frameworks told by the image
/// that defines a class.
struct ClassPolicy: Sendable {
  /// ``RecordingOptions/excludedClasses``: runtime names, their subclasses excluded too.
  var excludedClasses: Set<String>
  /// ``RecordingOptions/excludedModules``: Swift modules or images' names.
  var excludedModules: Set<String>
  /// True: classes of the system's frameworks get hooks of their own like the app's.
  var hooksSystemFrameworks: Bool

  /// A policy excluding these classes and modules.
  init(excludedClasses: Set<String> = [], excludedModules: Set<String> = [], hooksSystemFrameworks: Bool = false) {
    self.excludedClasses = excludedClasses
    self.excludedModules = excludedModules
    self.hooksSystemFrameworks = hooksSystemFrameworks
  }

  /// Name prefixes of UIKit's own controllers and windows that the app never sees (the
  /// keyboard's, the input system's, private `_UI…` classes): their events would only confuse
  /// the replay. Applied to classes of system images only: an app's private Swift class has a
  /// mangled name that starts with `_` too.
  static let systemInternalPrefixes = [
    "_", "UIInput", "UICompatibilityInput", "UISystemInput", "UISystemKeyboard", "UIKeyboard", "UIPrediction",
    "UIEditingOverlay", "UITextEffectsWindow", "UIRemoteKeyboard",
  ]

  /// UIKit's public containers: their own implementations (a tab bar controller answers
  /// `supportedInterfaceOrientations` for its tabs) are hooked even though UIKit defines them.
  static let hookedSystemClasses: Set<String> = [
    "UINavigationController", "UITabBarController", "UISplitViewController", "UIImagePickerController",
  ]

  /// True when events about instances of the class are recorded.
  func records(_ facts: ClassFacts) -> Bool {
    if excludedClasses.contains(facts.runtimeName) { return false }
    if facts.superclasses.contains(where: excludedClasses.contains) { return false }
    if let module = facts.swiftModule, excludedModules.contains(module) { return false }
    if let image = facts.imageName, excludedModules.contains(image) { return false }
    if Self.isSystemImage(facts.imagePath) {
      return !Self.systemInternalPrefixes.contains { facts.runtimeName.hasPrefix($0) }
    }
    return true
  }

  /// True when the class's own implementations of the per-class selectors get hooks: a recorded
  /// class of the app (or of a framework it ships), or one of UIKit's public containers.
  func hooksOwnMethods(_ facts: ClassFacts) -> Bool {
    guard records(facts) else { return false }
    return hooksSystemFrameworks || !Self.isSystemImage(facts.imagePath)
      || Self.hookedSystemClasses.contains(facts.runtimeName)
  }

  /// True for an image of the system (a framework or library of the OS, on a device or in the
  /// simulator's runtime, or Xcode's testing frameworks); false for the app's executable and the
  /// frameworks in its bundle. Unknown images count as the system's: they are not hooked.
  static func isSystemImage(_ path: String?) -> Bool {
    guard let path, !path.isEmpty else { return true }
    let systemRoots = ["/System/", "/usr/lib/", "/Library/Apple/"]
    if systemRoots.contains(where: path.hasPrefix) { return true }
    // The simulator's runtime and Xcode's own frameworks (XCTest).
    let systemParts = ["/RuntimeRoot/", "/Contents/Developer/", ".simruntime/"]
    return systemParts.contains(where: path.contains)
  }
}
