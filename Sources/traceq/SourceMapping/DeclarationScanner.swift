/// Finds the class declarations in one Swift or Objective-C file, without a parser: `class X`
/// (with any modifiers, `final`, `open`, attributes), `@objc(Name)` before it, and
/// Objective-C's `@interface X` (not a category) and `@implementation X`. Swift classes nested
/// in a type or an extension get their enclosing names (`Outer.Inner`); braces in comments
/// and string literals are skipped so that nesting stays right.
struct DeclarationScanner {
  /// Words after `class` that make it a member (`class func`), not a declaration.
  private static let memberKeywords: Set<String> = [
    "func", "var", "let", "subscript", "init", "deinit", "typealias", "static", "override", "final", "dynamic",
    "protocol",
  ]
  /// Words that open a scope whose name nested declarations take.
  private static let scopeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor"]

  /// The declarations of `text`, found in `file`.
  static func scan(_ text: [UInt8], file: String) -> [SourceDeclaration] {
    var scanner = DeclarationScanner(text: text, file: file)
    scanner.run()
    return scanner.found
  }

  private let text: [UInt8]
  private let file: String
  private var found: [SourceDeclaration] = []
  private var index = 0
  private var line = 1
  private var depth = 0
  /// Enclosing type scopes: name and the depth inside their braces.
  private var scopes: [(name: String, depth: Int)] = []
  /// A type whose `{` has not been seen yet.
  private var pendingScope: String?
  /// The name of an `@objc(Name)` attribute waiting for its declaration.
  private var objcName: String?

  private init(text: [UInt8], file: String) {
    self.text = text
    self.file = file
  }

  private mutating func run() {
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
        index += 1
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
        }
        index += 1
      case UInt8(ascii: "}"):
        if let last = scopes.last, last.depth == depth { scopes.removeLast() }
        depth = max(0, depth - 1)
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
    case "interface", "implementation":
      skipSpaces()
      let declaredLine = line
      let className = identifier()
      guard !className.isEmpty else { return }
      skipSpaces()
      // `@interface X (Category)` and `@interface X ()` extend a class declared elsewhere.
      if name == "interface", peek(0) == UInt8(ascii: "(") { return }
      found.append(
        SourceDeclaration(
          className: className, file: file, line: declaredLine,
          kind: name == "interface" ? .objcInterface : .objcImplementation))
    default:
      break
    }
  }

  /// A word: a scope keyword starts a declaration; anything else is skipped.
  private mutating func word() {
    let keyword = identifier()
    guard Self.scopeKeywords.contains(keyword) else {
      // `@objc(Name)` applies to the next declaration only, whatever it is.
      if keyword == "func" || keyword == "var" || keyword == "let" { objcName = nil }
      return
    }
    let declaredLine = line
    skipSpaces()
    let name = qualifiedIdentifier()
    guard !name.isEmpty, !Self.memberKeywords.contains(name) else { return }
    pendingScope = name
    if keyword == "class" {
      let nested = (scopes.map(\.name) + [name]).joined(separator: ".")
      found.append(SourceDeclaration(className: nested, file: file, line: declaredLine, kind: .swiftClass))
      if let objcName {
        found.append(SourceDeclaration(className: objcName, file: file, line: declaredLine, kind: .swiftClass))
      }
    }
    objcName = nil
  }

  private func peek(_ offset: Int) -> UInt8? {
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

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_")
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
