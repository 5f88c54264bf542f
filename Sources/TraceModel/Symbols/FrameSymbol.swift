/// A backtrace frame's symbol read for the class and method it is in:
/// `-[MTDActionSheet setupPopoverController] + 162` is `MTDActionSheet`'s
/// `setupPopoverController`; `closure #1 in MyApp.ViewController.viewDidLoad() -> () + 40` (a
/// demangled Swift symbol) is `MyApp.ViewController`'s `viewDidLoad`.
public struct FrameSymbol: Sendable, Equatable {
  /// The class (or type) as written: `MTDActionSheet`, `MyApp.ViewController`.
  public var className: String
  /// The method: an Objective-C selector (`takePicture:`), or a Swift name without its
  /// arguments (`viewDidLoad`).
  public var method: String
  /// An Objective-C method (`-[…]`, `+[…]`) rather than a Swift one.
  public var isObjectiveC: Bool

  /// A frame in `className`'s `method`.
  public init(className: String, method: String, isObjectiveC: Bool) {
    self.className = className
    self.method = method
    self.isObjectiveC = isObjectiveC
  }

  /// Nil for a symbol that is neither an Objective-C method nor a Swift method of a type (a C
  /// function, `main`).
  public init?(_ symbol: String) {
    var text = Substring(symbol)
    if text.hasPrefix("-[") || text.hasPrefix("+[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      let inside = text[text.index(text.startIndex, offsetBy: 2)..<close]
      guard let space = inside.firstIndex(of: " ") else { return nil }
      let receiver = inside[..<space]
      className = String(receiver.prefix { $0 != "(" })
      method = String(inside[inside.index(after: space)...])
      isObjectiveC = true
      guard !className.isEmpty, !method.isEmpty else { return nil }
      return
    }
    // Swift: the words UIKit's symbolication puts before the function it is in.
    let wrappers = [
      "@objc ", "specialized ", "merged ", "thunk for ", "partial apply for ", "implicit closure #", "closure #",
      "reabstraction thunk helper from ", "dispatch thunk of ", "protocol witness for ",
    ]
    var changed = true
    while changed {
      changed = false
      for wrapper in wrappers where text.hasPrefix(wrapper) {
        text = text.dropFirst(wrapper.count)
        if wrapper.hasSuffix("#"), let range = text.range(of: " in ") { text = text[range.upperBound...] }
        changed = true
      }
    }
    // `Module.Type.method(args) -> result + offset`: up to the arguments, without generic parameters.
    var name = ""
    var depth = 0
    for character in text {
      if character == "<" {
        depth += 1
      } else if character == ">" {
        depth -= 1
      } else if depth == 0 {
        if character == "(" || character == " " { break }
        name.append(character)
      }
    }
    var parts = name.split(separator: ".")
    // A property's accessor (`MyApp.ViewController.title.getter`) is in the property.
    if parts.count > 2, ["getter", "setter", "modify", "read", "didset", "willset"].contains(parts.last!) {
      parts.removeLast()
    }
    guard parts.count >= 2, let last = parts.last, last.first?.isLetter == true || last.first == "_" else { return nil }
    className = parts.dropLast().joined(separator: ".")
    method = String(last)
    isObjectiveC = false
  }
}
