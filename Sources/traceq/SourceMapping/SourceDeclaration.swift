/// Where a class is declared in the app's sources: the file (as a path under `--source-root`)
/// and the line of the declaration.
struct SourceDeclaration: Equatable, Sendable {
  /// How sure a declaration is to be where the class's code lives; the best one wins when
  /// a class is declared more than once (an Objective-C `@interface` and its `@implementation`).
  enum Kind: Int, Comparable, Sendable {
    case objcInterface, objcImplementation, swiftClass

    static func < (left: Kind, right: Kind) -> Bool { left.rawValue < right.rawValue }
  }

  /// The class's name as declared, with its enclosing types (`Outer.Inner`), or the
  /// Objective-C name `@objc(Name)` gives it.
  var className: String
  var file: String
  var line: Int
  var kind: Kind
}
