/// What the Objective-C runtime says about a controller's class, gathered once per class by the
/// UIKit layer (or made up by a test) for ``ClassPolicy``.
struct ClassFacts: Sendable, Equatable {
  /// The runtime's name (`NSStringFromClass`): `UINavigationController`,
  /// `Homepwner.DetailViewController`, or a mangled Swift name (`_TtC9Homepwner…`).
  var runtimeName: String
  /// The runtime names of its superclasses, nearest first.
  var superclasses: [String]
  /// The path of the binary image that defines the class (`class_getImageName`).
  var imagePath: String?

  /// Facts about the class named `runtimeName`.
  init(runtimeName: String, superclasses: [String] = [], imagePath: String? = nil) {
    self.runtimeName = runtimeName
    self.superclasses = superclasses
    self.imagePath = imagePath
  }

  /// The Swift module of a Swift class (`Homepwner` for `Homepwner.DetailViewController` and
  /// for `_TtC9Homepwner20DetailViewController`; the generic class's own module for
  /// `_TtGC7SwiftUI19UIHostingController…`); nil for an Objective-C class.
  var swiftModule: String? { Self.swiftModule(ofRuntimeName: runtimeName) }

  /// The image's name: `UIKitCore` for `…/UIKitCore.framework/UIKitCore`, `Homepwner` for the
  /// app's executable.
  var imageName: String? {
    guard let path = imagePath, let last = path.split(separator: "/").last else { return nil }
    return String(last)
  }

  static func swiftModule(ofRuntimeName name: String) -> String? {
    guard name.hasPrefix("_Tt") else {
      guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return nil }
      return String(name[..<dot])
    }
    // `_Tt` [`G`] `C`… then the module as <length><name>; `s` is the standard library.
    var rest = name.dropFirst(3)
    if rest.first == "G" { rest = rest.dropFirst() }
    while rest.first == "C" { rest = rest.dropFirst() }
    if rest.first == "s" { return "Swift" }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard let length = Int(digits), length > 0 else { return nil }
    let module = rest.dropFirst(digits.count).prefix(length)
    return module.count == length ? String(module) : nil
  }
}
