import TraceModel

/// A rule of the catalog: it turns the model's observations into findings. The model
/// decides what UIKit did; the rule says it in UIKit's words.
public protocol Rule: Sendable {
  /// Its id, severity, documentation and examples.
  static var description: RuleDescription { get }
  init()
  /// Reports a finding when `step`'s observation is this rule's.
  func check(_ step: ReplayStep, into findings: inout FindingList)
}

/// Which part of UIKit a rule is about.
public enum RuleArea: String, CaseIterable, Sendable {
  case appearance, containment, presentation, popover, orientation
}

/// What `traceq rules`, `docs/rules.md` and the tests know of a rule.
public struct RuleDescription: Sendable {
  /// Kebab-case; part of the public interface, never changed once released.
  public let id: String
  public let name: String
  public let severity: Severity
  public let area: RuleArea
  /// One sentence: what the rule finds.
  public let summary: String
  /// The UIKit background, with the iOS versions it holds for.
  public let background: String
  /// What UIKit prints or throws, when it does.
  public let uikitSays: String?
  /// What the developer should do.
  public let hint: String
  /// Where the behaviour is documented (seeds, uikit-semantics.md sections, Apple docs).
  public let source: String
  /// Short traces that must trigger the rule, at the lines marked `↓`.
  public let triggering: [RuleExample]
  /// Short traces that must not trigger it.
  public let nonTriggering: [RuleExample]

  public init(
    id: String, name: String, severity: Severity, area: RuleArea, summary: String, background: String,
    uikitSays: String? = nil, hint: String, source: String, triggering: [RuleExample], nonTriggering: [RuleExample]
  ) {
    self.id = id
    self.name = name
    self.severity = severity
    self.area = area
    self.summary = summary
    self.background = background
    self.uikitSays = uikitSays
    self.hint = hint
    self.source = source
    self.triggering = triggering
    self.nonTriggering = nonTriggering
  }
}

/// A whole tiny trace, header first. `↓` at the start of a line marks a line the rule must
/// report; a trace without marks must produce no finding of the rule.
public struct RuleExample: Sendable {
  /// The trace as written in the rule, marks included.
  public let source: String
  /// Where the example is written, so that a failing test points at it.
  public let file: String
  public let line: Int

  public init(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
    self.source = source
    self.file = "\(file)"
    self.line = Int(line)
  }

  /// The trace without marks, one record per line.
  public var text: String {
    lines.map(\.text).joined(separator: "\n") + "\n"
  }

  /// The line numbers marked `↓`.
  public var markedLines: [Int] {
    lines.enumerated().filter(\.element.marked).map { $0.offset + 1 }
  }

  private var lines: [(text: String, marked: Bool)] {
    source.split(separator: "\n", omittingEmptySubsequences: true).map { raw in
      let trimmed = raw.drop { $0 == " " }
      if trimmed.hasPrefix("↓") { return (String(trimmed.dropFirst()), true) }
      return (String(trimmed), false)
    }
  }
}
