/// Finds the class declarations in one Swift or Objective-C file, without a parser: `class X`
/// (with any modifiers, `final`, `open`, attributes), `@objc(Name)` before it, and
/// Objective-C's `@interface X` (not a category) and `@implementation X`. Swift classes nested
/// in a type or an extension get their enclosing names (`Outer.Inner`); braces in comments
/// and string literals are skipped so that nesting stays right.
///
/// It also finds the methods of each class (Swift `func`, `init` and members `var`, Objective-C
/// methods of an `@implementation`, categories included) and, in their bodies, the calls of the
/// UIKit methods ``CallSites`` lists: where a finding's controller made the call.
struct DeclarationScanner {
  /// Words after `class` that make it a member (`class func`), not a declaration.
  private static let memberKeywords: Set<String> = [
    "func", "var", "let", "subscript", "init", "deinit", "typealias", "static", "override", "final", "dynamic",
    "protocol",
  ]
  /// Words that open a scope whose name nested declarations take.
  private static let scopeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor"]

  /// What a file declares.
  struct Scanned {
    var declarations: [SourceDeclaration] = []
    var methods: [SourceMethod] = []
    var calls: [SourceCall] = []
  }

  /// The declarations, methods and calls of `text`, found in `file`.
  static func scan(_ text: [UInt8], file: String) -> Scanned {
    var scanner = DeclarationScanner(text: text, file: file)
    scanner.run()
    return scanner.found
  }

  let text: [UInt8]
  private let file: String
  private var found = Scanned()
  var index = 0
  var line = 1
  private var depth = 0
  /// Enclosing type scopes: name and the depth inside their braces.
  private var scopes: [(name: String, depth: Int)] = []
  /// A type whose `{` has not been seen yet.
  private var pendingScope: String?
  /// The name of an `@objc(Name)` attribute waiting for its declaration.
  private var objcName: String?
  /// The class of the `@implementation` being read (until `@end`).
  private var implementation: String?
  /// A method whose body has not started yet; `endsAtLineEnd`: a Swift `var` without a body.
  private var pendingMethod: (method: SourceMethod, endsAtLineEnd: Bool)?
  /// The method whose body is being read, and the depth inside its braces.
  private var method: (method: SourceMethod, depth: Int)?

  private init(text: [UInt8], file: String) {
    self.text = text
    self.file = file
  }

  private mutating func run() {
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "\n"):
        if pendingMethod?.endsAtLineEnd == true { pendingMethod = nil }
        line += 1
        index += 1
        if implementation != nil, depth == 0 { objectiveCMethod() }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        skip(until: UInt8(ascii: "\n"))
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "\""):
        skipString()
      case UInt8(ascii: "{"):
        depth += 1
        if let name = pendingScope {
          scopes.append((name, depth))
          pendingScope = nil
        } else if let pending = pendingMethod, method == nil {
          method = (pending.method, depth)
          found.methods.append(pending.method)
          pendingMethod = nil
        }
        index += 1
      case UInt8(ascii: "}"):
        if let last = scopes.last, last.depth == depth { scopes.removeLast() }
        if let open = method, open.depth == depth { method = nil }
        depth = max(0, depth - 1)
        index += 1
      case UInt8(ascii: ";") where pendingMethod != nil && implementation != nil:
        // An Objective-C method declared, not defined.
        pendingMethod = nil
        index += 1
      case UInt8(ascii: "@"):
        index += 1
        directive()
      default:
        if Self.isIdentifierStart(byte), index == 0 || !Self.isIdentifier(text[index - 1]) {
          word()
        } else {
          index += 1
        }
      }
    }
  }

  /// After `@`: `objc(Name)`, `interface Name`, `implementation Name`, or another attribute.
  private mutating func directive() {
    let name = identifier()
    switch name {
    case "objc":
      if peek(0) == UInt8(ascii: "(") {
        index += 1
        let given = identifier()
        if !given.isEmpty { objcName = given }
      }
    case "end":
      implementation = nil
    case "interface", "implementation":
      skipSpaces()
      let declaredLine = line
      let className = identifier()
      guard !className.isEmpty else { return }
      skipSpaces()
      if name == "implementation" { implementation = className }
      // `@interface X (Category)` and `@interface X ()` extend a class declared elsewhere; so
      // does an `@implementation X (Category)`, whose methods are X's.
      if peek(0) == UInt8(ascii: "(") { return }
      found.declarations.append(
        SourceDeclaration(
          className: className, file: file, line: declaredLine,
          kind: name == "interface" ? .objcInterface : .objcImplementation))
    default:
      break
    }
  }

  /// A word: a scope keyword starts a declaration, a member keyword a method; in a method's
  /// body, a UIKit call ``CallSites`` knows is recorded; anything else is skipped.
  private mutating func word() {
    let wordLine = line
    let keyword = identifier()
    guard Self.scopeKeywords.contains(keyword) else {
      // `@objc(Name)` applies to the next declaration only, whatever it is.
      if keyword == "func" || keyword == "var" || keyword == "let" { objcName = nil }
      if method == nil {
        swiftMember(keyword)
      } else if let call = CallSites.called[keyword], let open = method {
        found.calls.append(
          SourceCall(call: call, token: keyword, method: open.method, line: wordLine))
      }
      return
    }
    let declaredLine = line
    skipSpaces()
    let name = qualifiedIdentifier()
    guard !name.isEmpty, !Self.memberKeywords.contains(name) else { return }
    pendingScope = name
    if keyword == "class" {
      let nested = (scopes.map(\.name) + [name]).joined(separator: ".")
      found.declarations.append(SourceDeclaration(className: nested, file: file, line: declaredLine, kind: .swiftClass))
      if let objcName {
        found.declarations.append(
          SourceDeclaration(className: objcName, file: file, line: declaredLine, kind: .swiftClass))
      }
    }
    objcName = nil
  }

  /// `func name`, `init`, `deinit`, or a `var` of a type's body: a method whose body follows.
  private mutating func swiftMember(_ keyword: String) {
    guard let scope = scopes.last, scope.depth == depth else { return }
    let name: String
    switch keyword {
    case "func", "var":
      skipSpaces()
      name = identifier()
    case "init", "deinit": name = keyword
    default: return
    }
    guard !name.isEmpty else { return }
    let owner = scopes.map(\.name).joined(separator: ".")
    pendingMethod = (
      SourceMethod(className: owner, name: name, file: file, line: line, style: .swift), keyword == "var"
    )
  }

  /// At the start of a line of an `@implementation`: `- (type)part:(type)arg part:(type)arg`
  /// starts a method, whose selector is its parts.
  private mutating func objectiveCMethod() {
    guard let className = implementation else { return }
    var offset = index
    while offset < text.count, text[offset] == UInt8(ascii: " ") || text[offset] == UInt8(ascii: "\t") { offset += 1 }
    guard offset < text.count, text[offset] == UInt8(ascii: "-") || text[offset] == UInt8(ascii: "+") else { return }
    let isClassMethod = text[offset] == UInt8(ascii: "+")
    guard let selector = ObjectiveCSelector.read(text, from: offset + 1) else { return }
    pendingMethod = (
      SourceMethod(
        className: className, name: selector, file: file, line: line,
        style: isClassMethod ? .objectiveCClass : .objectiveCInstance), false
    )
  }

  func peek(_ offset: Int) -> UInt8? {
    index + offset < text.count ? text[index + offset] : nil
  }

  private mutating func identifier() -> String {
    let start = index
    while index < text.count, Self.isIdentifier(text[index]) { index += 1 }
    return String(decoding: text[start..<index], as: UTF8.self)
  }

  /// `Name` or `Outer.Inner` (an extension of a nested type).
  private mutating func qualifiedIdentifier() -> String {
    var name = identifier()
    while peek(0) == UInt8(ascii: "."), let next = peek(1), Self.isIdentifierStart(next) {
      index += 1
      name += "." + identifier()
    }
    return name
  }

  private mutating func skipSpaces() {
    while let byte = peek(0), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
  }

  private mutating func skip(until terminator: UInt8) {
    while index < text.count, text[index] != terminator { index += 1 }
  }

  private mutating func skipBlockComment() {
    index += 2
    while index < text.count, !(text[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
      if text[index] == UInt8(ascii: "\n") { line += 1 }
      index += 1
    }
    index += 2
  }

  /// A string literal: `"…"` with escapes, or `"""…"""` over several lines.
  private mutating func skipString() {
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\n") {
        line += 1
        if !multiline { return }
      }
      if byte == UInt8(ascii: "\"") {
        if !multiline {
          index += 1
          return
        }
        if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
          index += 3
          return
        }
      }
      index += 1
    }
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_")
  }

  static func isIdentifier(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
