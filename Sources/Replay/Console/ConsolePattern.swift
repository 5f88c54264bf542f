/// One wording of a UIKit diagnostic, as a sequence of pieces matched against a console record.
///
/// Matching is made for text people copy around: whitespace and backticks are ignored between
/// and inside words (a message hard-wrapped mid-word still matches), ASCII letters match in
/// either case, an object is UIKit's `<Class: 0xADDR>` description (nested `<…>` of Swift
/// generics included; address replaced or missing), `(null)`, or a bare class name.
package struct ConsolePattern: Sendable {
  package enum Piece: Sendable, ExpressibleByStringLiteral {
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

    package init(stringLiteral value: String) { self = .text(value) }
  }

  package let pieces: [Piece]

  /// The first word, folded to lower case: a match starts where it occurs whole.
  private let head: [UInt8]

  package init(_ pieces: Piece...) {
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

  /// The most bytes a match spans, from its first word to its last piece: UIKit's longest
  /// message is under 400 bytes, the rest is room for long class names. A match is tried within
  /// this window only, so recognising a line takes steps linear in its length however often it
  /// almost matches (a base64 dump, a JSON blob); without it, each near miss read to the end of
  /// the line.
  static let maxLength = 2048

  /// Matches the pattern anywhere in `text`: the first full match, else the longest partial one
  /// (a match the end of the text cut short). `steps` grows by the bytes looked at.
  func match(_ text: [UInt8], steps: inout Int) -> Outcome {
    guard case .text(let first)? = pieces.first, let initial = head.first, text.count >= head.count else {
      return .failed
    }
    var best = Outcome.failed
    var bestProgress = -1
    let last = text.count - head.count
    var from = 0
    // Each place is looked at once for the head's first letter: counted when the search stops.
    while let start = text.withUnsafeBytes({ nextStart(in: $0, from: from, through: last) }) {
      from = start + 1
      guard Self.fold(text[start]) == initial, startsWithHead(text, at: start, steps: &steps) else { continue }
      let end = min(text.count, start + Self.maxLength)
      var matcher = Matcher(text: text, index: start, end: end)
      let step = matcher.match(pieces[...])
      steps += matcher.steps
      switch step {
      case .matched:
        steps += start + 1
        return .matched(matcher.objects, start: start, end: matcher.index)
      case .partial:
        // A partial match must hold at least the opening words (not the last two letters of a line).
        var opening = Matcher(text: text, index: start, end: end)
        let openingStep = opening.literal(first)
        steps += opening.steps
        if openingStep == .partial, opening.literalCharacters < Self.minimumOpening { continue }
        if matcher.index - start > bestProgress {
          bestProgress = matcher.index - start
          best = .partial(progress: bestProgress, objects: matcher.objects, start: start)
        }
      case .failed: continue
      }
    }
    steps += last + 1
    return best
  }

  /// The first offset from `start` through `last` that may start the head: its first letter
  /// in either case (or another byte that is the same with 0x20 set, which the caller rules
  /// out). Eight bytes are looked at together: where a line holds an anchor, every pattern that
  /// has it searches the whole line for its first word.
  private func nextStart(in text: UnsafeRawBufferPointer, from start: Int, through last: Int) -> Int? {
    let wanted = head[0] | 0x20
    let pattern = UInt64(wanted) &* 0x0101_0101_0101_0101
    var offset = start
    while offset + 8 <= last + 1 {
      let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let difference = (word | 0x2020_2020_2020_2020) ^ pattern
      // A byte of `difference` that is zero: the lowest such byte is found exactly.
      let zeros = (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
      if zeros != 0 { return offset + zeros.trailingZeroBitCount / 8 }
      offset += 8
    }
    while offset <= last {
      if text[offset] | 0x20 == wanted { return offset }
      offset += 1
    }
    return nil
  }

  private func startsWithHead(_ text: [UInt8], at start: Int, steps: inout Int) -> Bool {
    for offset in 1..<head.count {
      steps += 1
      if Self.fold(text[start + offset]) != head[offset] { return false }
    }
    return true
  }

  /// How many characters of its first words a message cut short must show to count.
  static let minimumOpening = 12

  static func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}

/// A match in progress, within a window of the text.
private struct Matcher {
  enum Step { case matched, partial, failed }

  let text: [UInt8]
  var index: Int
  /// Where the window ends: the match looks at no byte from here on.
  let end: Int
  var objects: [ConsoleDiagnostic.Object] = []
  /// Characters of the last literal matched.
  var literalCharacters = 0
  /// Bytes looked at.
  var steps = 0

  init(text: [UInt8], index: Int, end: Int) {
    self.text = text
    self.index = index
    self.end = end
  }

  /// What reaching the end of the window means: the text ended (the message is cut short), or
  /// the match would be longer than any message.
  var ranOut: Step { end == text.count ? .partial : .failed }

  /// The byte at `position`, counted as a step.
  mutating func byte(_ position: Int) -> UInt8 {
    steps += 1
    return text[position]
  }

  /// How deep `<…>` may nest in an object's description (`Wrapper<Inner<Leaf>>`).
  static let maxNesting = 8

  static func isIgnorable(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "`")
  }

  mutating func skipIgnorable() {
    let start = index
    while index < end, Self.isIgnorable(text[index]) { index += 1 }
    steps += index - start + 1
  }

  /// Where the match is, to go back to.
  private var mark: (index: Int, objects: Int) { (index, objects.count) }

  private mutating func restore(_ mark: (index: Int, objects: Int)) {
    index = mark.index
    objects.removeSubrange(mark.objects...)
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
      let before = mark
      let found = object(role)
      if found == .partial { return .partial }
      if found == .matched {
        let after = match(rest)
        if after != .failed { return after }
      }
      restore(before)
      objects.append(ConsoleDiagnostic.Object(role: role, className: nil, address: nil))
      return match(rest)
    case .optional(let inner):
      let before = mark
      let inside = match(inner[...])
      if inside == .partial { return .partial }
      if inside == .matched {
        let after = match(rest)
        if after != .failed { return after }
      }
      restore(before)
      return match(rest)
    }
    return step == .matched ? match(rest) : step
  }

  mutating func literal(_ words: String) -> Step {
    literalCharacters = 0
    for character in words.utf8 where character != 0x20 {
      skipIgnorable()
      // skipIgnorable counted the byte read here.
      guard index < end else { return ranOut }
      guard ConsolePattern.fold(text[index]) == ConsolePattern.fold(character) else { return .failed }
      index += 1
      literalCharacters += 1
    }
    return .matched
  }

  mutating func object(_ role: String) -> Step {
    skipIgnorable()
    guard index < end else { return ranOut }
    if byte(index) == UInt8(ascii: "<") {
      var depth = 0
      let start = index
      // Where the last word began and the spaces before it ended, for an unclosed description.
      var lastWord = (spaceStart: start, wordStart: start)
      var spaceStart = start
      var previous = UInt8(ascii: "<")
      while index < end {
        let current = byte(index)
        if current == UInt8(ascii: "<") {
          // `<A: 0xXXXX on <B: 0xXXXX>` (the `>` lost): a new description after a space closes
          // the open one before its last word (`on`), which the pattern reads next.
          if depth == 1, index > start, Self.isIgnorable(previous), lastWord.spaceStart > start {
            objects.append(ConsoleDiagnostic.Object(role: role, description: text[(start + 1)..<lastWord.spaceStart]))
            index = lastWord.wordStart
            return .matched
          }
          depth += 1
          // Deeper than any generic class name: not a description (and a line of `<` costs
          // no more than a few steps per byte).
          guard depth <= Self.maxNesting else { return .failed }
        }
        if current == UInt8(ascii: ">") {
          depth -= 1
          if depth == 0 { break }
        }
        if Self.isIgnorable(current), !Self.isIgnorable(previous) {
          spaceStart = index
        } else if !Self.isIgnorable(current), Self.isIgnorable(previous) {
          lastWord = (spaceStart, index)
        }
        previous = current
        index += 1
      }
      guard index < end else { return ranOut }
      index += 1
      objects.append(ConsoleDiagnostic.Object(role: role, description: text[(start + 1)..<(index - 1)]))
      return .matched
    }
    for null in ["(null)", "nil"] where holds(null, at: index) {
      index += null.utf8.count
      objects.append(ConsoleDiagnostic.Object(role: role, className: nil, address: nil))
      return .matched
    }
    return word(role, trimming: true)
  }

  /// Whether the window holds `expected` at `position`.
  private mutating func holds(_ expected: String, at position: Int) -> Bool {
    var position = position
    for character in expected.utf8 {
      guard position < end, byte(position) == character else { return false }
      position += 1
    }
    return true
  }

  mutating func quoted() -> Step {
    skipIgnorable()
    guard index < end else { return ranOut }
    let quote = byte(index)
    guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") else { return .failed }
    index += 1
    while index < end, byte(index) != quote { index += 1 }
    guard index < end else { return ranOut }
    index += 1
    return .matched
  }

  /// A run of bytes up to whitespace (or `]`), without trailing punctuation when `trimming`.
  mutating func word(_ role: String, trimming: Bool = false) -> Step {
    skipIgnorable()
    let start = index
    while index < end {
      let current = byte(index)
      if Self.isIgnorable(current) || current == UInt8(ascii: "]") { break }
      index += 1
    }
    var last = index
    if trimming {
      while last > start, ".,;:!'\")".utf8.contains(byte(last - 1)) { last -= 1 }
    }
    guard last > start else { return index < end ? .failed : ranOut }
    var description = Array(text[start..<last])
    // `NavViewController: 0x12d50b240` (a page dropped the angle brackets): the address too.
    if trimming, index < end, text[index - 1] == UInt8(ascii: ":") {
      var after = index
      while after < end, byte(after) == 0x20 { after += 1 }
      let addressStart = after
      if holds("0x", at: after) {
        while after < end, !Self.isIgnorable(byte(after)) { after += 1 }
        index = after
        var address = text[addressStart..<after]
        while let final = address.last, ".,;:!'\")>".utf8.contains(final) { address = address.dropLast() }
        description += [UInt8(ascii: ":")] + address
      }
    }
    objects.append(ConsoleDiagnostic.Object(role: role, description: description[...]))
    return .matched
  }
}
