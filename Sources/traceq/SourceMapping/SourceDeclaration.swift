import TraceModel

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

/// A method of a class in the app's sources: a Swift `func` (or `init`, or a computed `var`), or
/// an Objective-C method of an `@implementation`.
struct SourceMethod: Equatable, Sendable {
  enum Style: Sendable { case swift, objectiveCInstance, objectiveCClass }

  /// The class (with its enclosing types, `Outer.Inner`), or the extended type.
  var className: String
  /// The Swift name (`viewWillAppear`) or the Objective-C selector (`takePicture:`).
  var name: String
  var file: String
  /// The line of its declaration.
  var line: Int
  var style: Style

  /// `-[BNRDetailViewController takePicture:]`, `FlipsideViewController.viewWillAppear`.
  var described: String {
    switch style {
    case .swift: "\(className).\(name)"
    case .objectiveCInstance: "-[\(className) \(name)]"
    case .objectiveCClass: "+[\(className) \(name)]"
    }
  }

  /// The name without an Objective-C selector's arguments: `viewWillAppear` for `viewWillAppear:`.
  var baseName: String { String(name.prefix { $0 != ":" }) }
}

/// A call of a UIKit method (one ``CallSites`` knows) in a method's body.
struct SourceCall: Equatable, Sendable {
  var call: AppCall
  /// The word that names it (`presentPopoverFromBarButtonItem`).
  var token: String
  /// The method it is in.
  var method: SourceMethod
  var line: Int
}

/// Where a finding is reported in the app's sources: the call its controller made, the method a
/// crash report's frame is in, or the class's declaration.
struct SourcePlace: Equatable, Sendable {
  var file: String
  var line: Int
  /// The app's class it is in.
  var className: String
  /// The method, when the place is in one (`-[BNRDetailViewController takePicture:]`).
  var method: String?

  /// `App/BNRDetailViewController.m:42 in -[BNRDetailViewController takePicture:]`.
  var described: String { "\(file):\(line)" + (method.map { " in \($0)" } ?? "") }
}
