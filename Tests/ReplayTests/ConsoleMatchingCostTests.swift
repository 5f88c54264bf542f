import Testing

@testable import Replay

/// Recognising a console line costs steps linear in its length, whatever the line holds:
/// counted as the bytes the catalog's patterns look at, never timed.
@Suite("Console matching cost")
struct ConsoleMatchingCostTests {
  /// One wording of the catalog, to build lines that keep almost matching it.
  struct Variant: CustomTestStringConvertible, Sendable {
    let entry: String
    let number: Int
    let pattern: ConsolePattern

    var testDescription: String { "\(entry) #\(number)" }

    static let all = ConsoleCatalog.all.flatMap { entry in
      entry.variants.enumerated().map { Variant(entry: entry.id, number: $0, pattern: $1) }
    }
  }

  /// The pattern's pieces as text that starts a match and never ends one: its words (without
  /// their spaces when `compact`), an unclosed `<` for an object, a lone quote, a word without
  /// end.
  static func nearMiss(_ pieces: [ConsolePattern.Piece], compact: Bool) -> String {
    pieces.map { piece in
      switch piece {
      case .text(let words): compact ? words.filter { $0 != " " } : words + " "
      case .object: compact ? "<" : "<A: 0x1 "
      case .quoted: "'"
      case .word: "x"
      case .optional(let inner): nearMiss(inner, compact: compact)
      }
    }.joined()
  }

  /// `unit` repeated to `length` bytes, after an Xcode prefix.
  static func line(repeating unit: String, length: Int) -> String {
    "2024-03-01 10:11:12.345 Demo[1:2] "
      + String(String(repeating: unit, count: length / unit.utf8.count + 1).prefix(length))
  }

  /// The steps of recognising `text` and of telling its verdict, as a log scan does both.
  static func steps(_ text: String) -> Int {
    var steps = 0
    _ = ConsoleCatalog.recognise(text, steps: &steps)
    _ = ConsoleCatalog.verdict(text, steps: &steps)
    return steps
  }

  @Test("a line that keeps almost matching costs steps in proportion to its length", arguments: Variant.all)
  func nearMissesCostLinearSteps(_ variant: Variant) {
    for compact in [true, false] {
      let unit = Self.nearMiss(variant.pattern.pieces, compact: compact)
      let short = Self.steps(Self.line(repeating: unit, length: 8 << 10))
      let long = Self.steps(Self.line(repeating: unit, length: 32 << 10))
      // Four times the text: about four times the steps (a little more, as matches near the
      // end of the shorter line are cut short by it); quadratic matching gives sixteen times.
      #expect(long < 6 * max(short, 1), "\(short) steps for 8 KiB, \(long) for 32 KiB of \(unit)")
      // And a bounded number of steps per byte: each start of a match looks at a window.
      #expect(long < 4_000 * (32 << 10), "\(long) steps for 32 KiB of \(unit)")
    }
  }

  @Test("a diagnostic at the end of a long line of near misses is recognised")
  func diagnosticAfterNearMisses() throws {
    let unit = Self.nearMiss(
      ConsolePattern("Attempt to present", .object("presented"), "on", .object("presenter")).pieces, compact: true)
    let text =
      Self.line(repeating: unit, length: 64 << 10)
      + " Attempt to present <UIAlertController: 0x7a1> on <MyApp.RootViewController: 0x7b2> whose view is not in the window hierarchy!"
    let found = try #require(ConsoleCatalog.recognise(text))
    #expect(found.entry.id == "not-in-window-hierarchy")
    #expect(found.objects.map(\.described) == ["UIAlertController 0x7a1", "MyApp.RootViewController 0x7b2"])
  }

  @Test("a class name of a kilobyte, generic 8 levels deep, still fits a match")
  func longClassNames() throws {
    let name =
      "MyApp." + String(repeating: "Generic<", count: 7) + "Leaf" + String(repeating: ">", count: 7)
      + String(repeating: "X", count: 1000)
    let found = try #require(
      ConsoleCatalog.recognise("Unbalanced calls to begin/end appearance transitions for <\(name): 0x12d50b240>."))
    #expect(found.objects.map(\.described) == ["\(name) 0x12d50b240"])
  }
}
