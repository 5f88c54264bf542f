/// One wording of a UIKit diagnostic, as a sequence of pieces matched against a console record.
///
/// Matching is made for text people copy around: whitespace and backticks are ignored between
/// and inside words (a message hard-wrapped mid-word still matches), ASCII letters match in
/// either case, an object is UIKit's `<Class: 0xADDR>` description (nested `<…>` of Swift
/// generics included; address replaced or missing), `(null)`, or a bare class name.
public struct ConsolePattern: Sendable {
  public enum Piece: Sendable, ExpressibleByStringLiteral {
    /// Words as UIKit writes them.
    case text(String)
    /// An object UIKit describes; `role` names it in the diagnostic (`presented`, `presenter`).
    case object(_ role: String)
    /// A quoted value (`'portrait'`).
    case quoted
    /// A bare word (the class of `[GameViewController shouldAutorotate]`).
    case word(_ role: String)
    /// Pieces that may be absent (`(from <S>)` of iOS 14+ messages).
    case optional([Piece])

    public init(stringLiteral value: String) { self = .text(value) }
  }

  public let pieces: [Piece]

  /// The first word, folded to lower case: a match starts where it occurs whole.
  private let head: [UInt8]

  public init(_ pieces: Piece...) {
    self.pieces = pieces
    guard case .text(let first)? = pieces.first else { preconditionFailure("a pattern starts with words") }
    head = first.utf8.drop { $0 == 0x20 }.prefix { $0 != 0x20 }.map(Self.fold)
  }

  /// How far a match went.
  enum Outcome {
    /// All pieces matched (`text[start..<end]`); the objects named, in the order of the pattern.
    case matched([ConsoleDiagnostic.Object], start: Int, end: Int)
    /// The text ended after `progress` bytes of a match from `start` that went well so far.
    case partial(progress: Int, objects: [ConsoleDiagnostic.Object], start: Int)
    case failed
  }

  /// Matches the pattern anywhere in `text`: the first full match, else the longest partial one.
  func match(_ text: [UInt8]) -> Outcome {
    guard case .text(let first)? = pieces.first, let initial = head.first, text.count >= head.count else {
      return .failed
    }
    var best = Outcome.failed
    var bestProgress = -1
    for start in 0...(text.count - head.count) where Self.fold(text[start]) == initial {
      guard startsWithHead(text, at: start) else { continue }
      // A partial match must hold at least the opening words (not the last two letters of a line).
      var opening = Matcher(text: text, index: start)
      if opening.literal(first) == .partial, opening.literalCharacters < Self.minimumOpening { continue }
      var matcher = Matcher(text: text, index: start)
      switch matcher.match(pieces[...]) {
      case .matched: return .matched(matcher.objects, start: start, end: matcher.index)
      case .partial:
        if matcher.index - start > bestProgress {
          bestProgress = matcher.index - start
          best = .partial(progress: bestProgress, objects: matcher.objects, start: start)
        }
      case .failed: continue
      }
    }
    return best
  }

  private func startsWithHead(_ text: [UInt8], at start: Int) -> Bool {
    for offset in 1..<head.count where Self.fold(text[start + offset]) != head[offset] { return false }
    return true
  }

  /// How many characters of its first words a message cut short must show to count.
  static let minimumOpening = 12

  static func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}

/// A match in progress.
private struct Matcher {
  enum Step { case matched, partial, failed }

  let text: [UInt8]
  var index: Int
  var objects: [ConsoleDiagnostic.Object] = []
  /// Characters of the last literal matched.
  var literalCharacters = 0

  init(text: [UInt8], index: Int) {
    self.text = text
    self.index = index
  }

  static func isIgnorable(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "`")
  }

  mutating func skipIgnorable() {
    while index < text.count, Self.isIgnorable(text[index]) { index += 1 }
  }

  /// Matches `pieces` from the current position. An object may be missing altogether (web
  /// pages drop `<…>` as an unknown HTML tag): when the rest does not match after it, the rest
  /// is tried without it.
  mutating func match(_ pieces: ArraySlice<ConsolePattern.Piece>) -> Step {
    guard let piece = pieces.first else { return .matched }
    let rest = pieces.dropFirst()
    let step: Step
    switch piece {
    case .text(let words): step = literal(words)
    case .quoted: step = quoted()
    case .word(let role): step = word(role)
    case .object(let role):
      var without = self
      without.objects.append(ConsoleDiagnostic.Object(role: role, className: nil, address: nil))
      let found = object(role)
      if found == .partial { return .partial }
      if found == .matched {
        let after = match(rest)
        if after != .failed { return after }
      }
      self = without
      return match(rest)
    case .optional(let inner):
      let saved = self
      let inside = match(inner[...])
      if inside == .partial { return .partial }
      if inside == .matched {
        let after = match(rest)
        if after != .failed { return after }
      }
      self = saved
      return match(rest)
    }
    return step == .matched ? match(rest) : step
  }

  mutating func literal(_ words: String) -> Step {
    literalCharacters = 0
    for byte in words.utf8 where byte != 0x20 {
      skipIgnorable()
      guard index < text.count else { return .partial }
      guard ConsolePattern.fold(text[index]) == ConsolePattern.fold(byte) else { return .failed }
      index += 1
      literalCharacters += 1
    }
    return .matched
  }

  mutating func object(_ role: String) -> Step {
    skipIgnorable()
    guard index < text.count else { return .partial }
    if text[index] == UInt8(ascii: "<") {
      var depth = 0
      let start = index
      // Where the last word began and the spaces before it ended, for an unclosed description.
      var lastWord = (spaceStart: start, wordStart: start)
      var spaceStart = start
      while index < text.count {
        let byte = text[index]
        if byte == UInt8(ascii: "<") {
          // `<A: 0xXXXX on <B: 0xXXXX>` (the `>` lost): a new description after a space closes
          // the open one before its last word (`on`), which the pattern reads next.
          if depth == 1, index > start, Self.isIgnorable(text[index - 1]), lastWord.spaceStart > start {
            objects.append(ConsoleDiagnostic.Object(role: role, description: text[(start + 1)..<lastWord.spaceStart]))
            index = lastWord.wordStart
            return .matched
          }
          depth += 1
        }
        if byte == UInt8(ascii: ">") {
          depth -= 1
          if depth == 0 { break }
        }
        if Self.isIgnorable(byte), !Self.isIgnorable(text[index - 1]) {
          spaceStart = index
        } else if !Self.isIgnorable(byte), Self.isIgnorable(text[index - 1]) {
          lastWord = (spaceStart, index)
        }
        index += 1
      }
      guard index < text.count else { return .partial }
      index += 1
      objects.append(ConsoleDiagnostic.Object(role: role, description: text[(start + 1)..<(index - 1)]))
      return .matched
    }
    for null in ["(null)", "nil"] where text[index...].starts(with: null.utf8) {
      index += null.utf8.count
      objects.append(ConsoleDiagnostic.Object(role: role, className: nil, address: nil))
      return .matched
    }
    return word(role, trimming: true)
  }

  mutating func quoted() -> Step {
    skipIgnorable()
    guard index < text.count else { return .partial }
    let quote = text[index]
    guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return .failed }
    index += 1
    while index < text.count, text[index] != quote { index += 1 }
    guard index < text.count else { return .partial }
    index += 1
    return .matched
  }

  /// A run of bytes up to whitespace (or `]`), without trailing punctuation when `trimming`.
  mutating func word(_ role: String, trimming: Bool = false) -> Step {
    skipIgnorable()
    let start = index
    while index < text.count, !Self.isIgnorable(text[index]), text[index] != UInt8(ascii: "]") { index += 1 }
    var end = index
    if trimming {
      while end > start, ".,;:!'\")".utf8.contains(text[end - 1]) { end -= 1 }
    }
    guard end > start else { return index < text.count ? .failed : .partial }
    var description = Array(text[start..<end])
    // `NavViewController: 0x12d50b240` (a page dropped the angle brackets): the address too.
    if trimming, index < text.count, text[index - 1] == UInt8(ascii: ":") {
      var after = index
      while after < text.count, text[after] == 0x20 { after += 1 }
      if text[after...].starts(with: "0x".utf8) {
        var addressEnd = after
        while addressEnd < text.count, !Self.isIgnorable(text[addressEnd]) { addressEnd += 1 }
        index = addressEnd
        var address = text[after..<addressEnd]
        while let last = address.last, ".,;:!'\")>".utf8.contains(last) { address = address.dropLast() }
        description += [UInt8(ascii: ":")] + address
      }
    }
    objects.append(ConsoleDiagnostic.Object(role: role, description: description[...]))
    return .matched
  }
}
