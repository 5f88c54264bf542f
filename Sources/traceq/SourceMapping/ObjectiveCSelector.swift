/// An Objective-C method's selector read from its definition: `(IBAction)takePicture:(id)sender`
/// is `takePicture:`, `(void)foo:(int)a bar:(int)b` is `foo:bar:`, `(void)viewDidLoad` is
/// `viewDidLoad`.
enum ObjectiveCSelector {
  /// The selector of the method whose definition starts at `start` (after its `-` or `+`), or nil
  /// when the text there is not one.
  static func read(_ text: [UInt8], from start: Int) -> String? {
    var index = start
    func skipSpaces() {
      while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
    }
    /// `( … )` with nested parentheses (a block type).
    func skipParenthesised() -> Bool {
      guard index < text.count, text[index] == UInt8(ascii: "(") else { return true }
      var depth = 0
      while index < text.count {
        if text[index] == UInt8(ascii: "(") { depth += 1 }
        if text[index] == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        }
        index += 1
      }
      return false
    }
    func identifier() -> String {
      let from = index
      while index < text.count, DeclarationScanner.isIdentifier(text[index]) { index += 1 }
      return String(decoding: text[from..<index], as: UTF8.self)
    }
    skipSpaces()
    guard skipParenthesised() else { return nil }
    var selector = ""
    while true {
      skipSpaces()
      guard index < text.count, DeclarationScanner.isIdentifierStart(text[index]) else { break }
      let part = identifier()
      skipSpaces()
      guard index < text.count, text[index] == UInt8(ascii: ":") else {
        // A selector without arguments, or the last argument's name before the body.
        if selector.isEmpty { selector = part }
        break
      }
      index += 1
      selector += part + ":"
      skipSpaces()
      guard skipParenthesised() else { return nil }
      skipSpaces()
      _ = identifier()
    }
    return selector.isEmpty ? nil : selector
  }
}
