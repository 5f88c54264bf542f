/// A shell-style pattern for paths and class names, as `.traceq.yml` writes them:
/// `*` any run of characters except `/`, `?` one character except `/`, `[abc]`, `[a-z]` or
/// `[!abc]` one character of a set, `**` as a whole path segment any number of directories
/// (`traces/**`, `**/flaky/*.gz`), and `\` before a character to take it literally.
struct Glob: Hashable, CustomStringConvertible {
  /// The pattern as written.
  let pattern: String
  private let tokens: [Token]

  private enum Token: Hashable {
    case literal(Character)
    case one
    case star
    /// `**/`: zero or more whole directories; `**` at the end: anything.
    case directories(trailing: Bool)
    case set(negated: Bool, members: [ClosedRange<Character>])
  }

  /// - Throws: ``GlobError`` for an empty pattern, an unclosed `[`, a trailing `\`, or `**`
  ///   that is not a whole path segment.
  init(_ pattern: String) throws(GlobError) {
    self.pattern = pattern
    guard !pattern.isEmpty else { throw GlobError(pattern: pattern, problem: "the pattern is empty") }
    let characters = Array(pattern)
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "\\":
        guard index + 1 < characters.count else { throw GlobError(pattern: pattern, problem: "it ends with \\") }
        tokens.append(.literal(characters[index + 1]))
        index += 2
      case "?":
        tokens.append(.one)
        index += 1
      case "[":
        let (token, next) = try Self.parseSet(characters, from: index, pattern: pattern)
        tokens.append(token)
        index = next
      case "*" where index + 1 < characters.count && characters[index + 1] == "*":
        let startsSegment = index == 0 || characters[index - 1] == "/"
        let end = index + 2
        guard startsSegment, end == characters.count || characters[end] == "/" else {
          throw GlobError(pattern: pattern, problem: "** must be a whole path segment (a/**/b, **/x, a/**)")
        }
        tokens.append(.directories(trailing: end == characters.count))
        index = end == characters.count ? end : end + 1
      case "*":
        tokens.append(.star)
        index += 1
      default:
        tokens.append(.literal(character))
        index += 1
      }
    }
    self.tokens = tokens
  }

  var description: String { pattern }

  /// Whether `pattern` contains a `/` (a path, rather than a name).
  var hasSeparator: Bool { tokens.contains { if case .literal("/") = $0 { true } else { false } } }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    Self.match(tokens[...], Array(text)[...])
  }

  private static func match(_ tokens: ArraySlice<Token>, _ text: ArraySlice<Character>) -> Bool {
    guard let token = tokens.first else { return text.isEmpty }
    let rest = tokens.dropFirst()
    switch token {
    case .literal(let character):
      return text.first == character && match(rest, text.dropFirst())
    case .one:
      guard let first = text.first, first != "/" else { return false }
      return match(rest, text.dropFirst())
    case .set(let negated, let members):
      guard let first = text.first, first != "/" else { return false }
      return members.contains { $0.contains(first) } != negated && match(rest, text.dropFirst())
    case .star:
      var candidate = text
      while true {
        if match(rest, candidate) { return true }
        guard let first = candidate.first, first != "/" else { return false }
        candidate = candidate.dropFirst()
      }
    case .directories(let trailing):
      if trailing { return true }
      var candidate = text
      while true {
        if match(rest, candidate) { return true }
        guard let slash = candidate.firstIndex(of: "/") else { return false }
        candidate = candidate[(slash + 1)...]
      }
    }
  }

  private static func parseSet(
    _ characters: [Character], from start: Int, pattern: String
  ) throws(GlobError) -> (Token, Int) {
    var index = start + 1
    let negated = index < characters.count && characters[index] == "!"
    if negated { index += 1 }
    var members: [ClosedRange<Character>] = []
    while index < characters.count, characters[index] != "]" || members.isEmpty {
      let low = characters[index]
      if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]" {
        let high = characters[index + 2]
        guard low <= high else { throw GlobError(pattern: pattern, problem: "the range \(low)-\(high) is backwards") }
        members.append(low...high)
        index += 3
      } else {
        members.append(low...low)
        index += 1
      }
    }
    guard index < characters.count else { throw GlobError(pattern: pattern, problem: "[ is never closed with ]") }
    return (.set(negated: negated, members: members), index + 1)
  }
}

/// A pattern ``Glob`` cannot use.
struct GlobError: Error, CustomStringConvertible {
  let pattern: String
  let problem: String

  var description: String { "bad pattern '\(pattern)': \(problem)" }
}
