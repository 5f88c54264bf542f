/// The C shape of a hooked method: what its implementation takes after the receiver and the
/// selector, and what it returns. The UIKit layer has one hook function per layout, which casts
/// the original implementation to ``swiftSignature``; a mismatch with the method's real
/// signature would corrupt arguments at run time, so ``HookTable`` states each selector's
/// layout and a test holds the hook source to it (`HookTableTests`).
enum ArgumentLayout: String, CaseIterable, Sendable {
  /// `-(void)m`
  case plain
  /// `-(void)m:(BOOL)animated`
  case bool
  /// `-(void)m:(BOOL)a b:(BOOL)b`
  case boolBool
  /// `-(void)m:(id)object` (nullable)
  case object
  /// `-(void)m:(id)object b:(id)object` (`requestGeometryUpdateWithPreferences:errorHandler:`)
  case objectObject
  /// `-(void)m:(id)object animated:(BOOL)animated`
  case objectBool
  /// `-(id)m:(id)object animated:(BOOL)animated` (`popToViewController:animated:`)
  case objectBoolReturnsObject
  /// `-(id)m:(BOOL)animated` (`popViewControllerAnimated:`)
  case boolReturnsObject
  /// `-(void)m:(NSUInteger)index`
  case index
  /// `-(NSUInteger)m` (an orientation mask)
  case returnsMask
  /// `-(NSInteger)m` (an interface orientation)
  case returnsInteger
  /// `-(BOOL)m`
  case returnsBool
  /// `-(NSUInteger)m:(id)application b:(id)window` (the app delegate's orientation mask)
  case objectObjectReturnsMask
  /// `-(void)m:(UIInterfaceOrientation)o duration:(NSTimeInterval)d`
  case orientationDuration
  /// `-(void)m:(UIInterfaceOrientation)o`
  case orientation
  /// `-(void)m:(CGSize)size b:(id)coordinator`
  case sizeObject
  /// `-(void)transitionFromViewController:toViewController:duration:options:animations:completion:`
  case transition
  /// `-(void)m:(id)vc animated:(BOOL)a completion:(void (^)(void))c`
  case objectBoolCompletion
  /// `-(void)m:(BOOL)animated completion:(void (^)(void))c`
  case boolCompletion
  /// `-(void)m:(id)item b:(NSUInteger)arrows animated:(BOOL)a`
  case objectIndexBool
  /// `-(void)m:(CGRect)rect b:(id)view c:(NSUInteger)arrows animated:(BOOL)a`
  case rectObjectIndexBool
  /// `-(instancetype)m:(id)object`: an initializer (raw pointers: it consumes its receiver).
  case initializer
  /// `-(void)dealloc` (a raw pointer: retaining an object in its dealloc would resurrect it).
  case dealloc

  /// The arguments after the receiver and the selector, in Swift's words for the C types.
  var arguments: [String] {
    switch self {
    case .plain, .returnsMask, .returnsInteger, .returnsBool, .dealloc: []
    case .bool, .boolReturnsObject: ["ObjCBool"]
    case .boolBool: ["ObjCBool", "ObjCBool"]
    case .object: ["AnyObject?"]
    case .objectObject: ["AnyObject", "AnyObject?"]
    case .objectBool: ["AnyObject?", "ObjCBool"]
    case .objectBoolReturnsObject: ["AnyObject?", "ObjCBool"]
    case .index: ["UInt"]
    case .objectObjectReturnsMask: ["AnyObject", "AnyObject?"]
    case .orientationDuration: ["Int", "Double"]
    case .orientation: ["Int"]
    case .sizeObject: ["CGSize", "AnyObject?"]
    case .transition: ["AnyObject", "AnyObject", "Double", "UInt", "AnyObject?", "AnyObject?"]
    case .objectBoolCompletion: ["AnyObject", "ObjCBool", "Completion?"]
    case .boolCompletion: ["ObjCBool", "Completion?"]
    case .objectIndexBool: ["AnyObject", "UInt", "ObjCBool"]
    case .rectObjectIndexBool: ["CGRect", "AnyObject", "UInt", "ObjCBool"]
    case .initializer: ["UnsafeRawPointer"]
    }
  }

  /// What the method returns, in Swift's words for the C type.
  var result: String {
    switch self {
    case .objectBoolReturnsObject, .boolReturnsObject: "AnyObject?"
    case .returnsMask, .objectObjectReturnsMask: "UInt"
    case .returnsInteger: "Int"
    case .returnsBool: "ObjCBool"
    case .initializer: "UnsafeRawPointer?"
    default: "Void"
    }
  }

  /// The receiver, in Swift's words: a raw pointer for initializers and `dealloc`.
  var receiver: String { self == .initializer || self == .dealloc ? "UnsafeRawPointer" : "AnyObject" }

  /// The `@convention(c)` function type the hook casts the original implementation to:
  /// `(AnyObject, Selector, ObjCBool) -> Void`.
  var swiftSignature: String {
    "(" + ([receiver, "Selector"] + arguments).joined(separator: ", ") + ") -> " + result
  }

  /// The `@convention(block)` type of the block that replaces the implementation: the
  /// signature without the selector.
  var blockSignature: String {
    "(" + ([receiver] + arguments).joined(separator: ", ") + ") -> " + result
  }

  /// The function of the UIKit layer that installs hooks of this layout: `hookObjectBool`.
  var hookFunction: String { "hook" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
