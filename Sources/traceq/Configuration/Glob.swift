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
    var steps = 0
    return matches(text, steps: &steps)
  }

  /// Whether the whole of `text` matches, adding to `steps` one per pattern position tried
  /// on a character. The pattern runs as a set of positions advanced together over the text
  /// (a Thompson NFA), so the work is at most (tokens + 1) × characters, however many `*`
  /// the pattern has; backtracking would be exponential in them.
  func matches(_ text: String, steps: inout Int) -> Bool {
    // `at[i]`: the text so far matches tokens[..<i]. `inside[i]`: tokens[i] is a `**/` that
    // has consumed part of a directory name, so it must see a `/` before tokens[i + 1].
    var at = [Bool](repeating: false, count: tokens.count + 1)
    var inside = [Bool](repeating: false, count: tokens.count)
    at[0] = true
    closeOverEmpty(&at)
    for character in text {
      var nextAt = [Bool](repeating: false, count: tokens.count + 1)
      var nextInside = [Bool](repeating: false, count: tokens.count)
      for index in tokens.indices where at[index] || inside[index] {
        steps += 1
        let separator = character == "/"
        switch tokens[index] {
        case .literal(let literal):
          if at[index], literal == character { nextAt[index + 1] = true }
        case .one:
          if at[index], !separator { nextAt[index + 1] = true }
        case .set(let negated, let members):
          if at[index], !separator, members.contains(where: { $0.contains(character) }) != negated {
            nextAt[index + 1] = true
          }
        case .star:
          if at[index], !separator { nextAt[index] = true }
        case .directories(let trailing):
          if trailing || separator { nextAt[index] = true } else { nextInside[index] = true }
        }
      }
      at = nextAt
      inside = nextInside
      closeOverEmpty(&at)
      guard at.contains(true) || inside.contains(true) else { return false }
    }
    return at[tokens.count]
  }

  /// Adds the positions reachable without consuming a character: past a `*` or a `**`, which
  /// may match nothing.
  private func closeOverEmpty(_ at: inout [Bool]) {
    for index in tokens.indices where at[index] {
      switch tokens[index] {
      case .star, .directories: at[index + 1] = true
      default: break
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
