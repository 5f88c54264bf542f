import TraceModel

/// A rule of the catalog: it turns the model's observations into findings. The model
/// decides what UIKit did; the rule says it in UIKit's words.
package protocol Rule: Sendable {
  /// Its id, severity, documentation and examples.
  static var description: RuleDescription { get }
  init()
  /// Reports a finding when `step`'s observation is this rule's.
  func check(_ step: ReplayStep, into findings: inout FindingList)
}

/// Which part of UIKit a rule is about.
public enum RuleArea: String, CaseIterable, Sendable {
  case appearance, containment, presentation, popover, orientation
  /// What the replay itself learns: where the trace and the model disagree.
  case model
}

/// What `traceq rules`, `docs/rules.md` and the tests know of a rule.
public struct RuleDescription: Sendable {
  /// Kebab-case; part of the public interface, never changed once released.
  public let id: String
  /// The rule's title, in a few words.
  public let name: String
  /// The severity its findings have unless configured otherwise.
  public let severity: Severity
  /// The part of UIKit it is about.
  public let area: RuleArea
  /// One sentence: what the rule finds.
  public let summary: String
  /// The UIKit background, with the iOS versions it holds for.
  public let background: String
  /// What UIKit prints or throws, when it does.
  public let uikitSays: String?
  /// What the developer should do.
  public let hint: String
  /// Where the behaviour is documented: public references a user can follow.
  public let source: String
  /// The first iOS version where UIKit behaves so (nil: every version).
  public let introduced: OSVersion?
  /// The first iOS version where it no longer does (nil: still current).
  public let obsoleted: OSVersion?
  /// Reported in `check`'s text output without being asked for (`--rule` shows the others;
  /// they are always stored with `--db` and in JSON).
  public let shownByDefault: Bool
  /// Short traces that must trigger the rule, at the lines marked `↓`.
  public let triggering: [RuleExample]
  /// Short traces that must not trigger it.
  public let nonTriggering: [RuleExample]

  package init(
    id: String, name: String, severity: Severity, area: RuleArea, summary: String, background: String,
    uikitSays: String? = nil, hint: String, source: String, introduced: OSVersion? = nil, obsoleted: OSVersion? = nil,
    shownByDefault: Bool = true, triggering: [RuleExample], nonTriggering: [RuleExample]
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
    self.introduced = introduced
    self.obsoleted = obsoleted
    self.shownByDefault = shownByDefault
    self.triggering = triggering
    self.nonTriggering = nonTriggering
  }
}

extension RuleDescription {
  /// Whether UIKit behaves so on iOS `os` (a session without `os` is taken as a current iOS).
  public func applies(to os: OSVersion?) -> Bool {
    guard let os else { return obsoleted == nil }
    return (introduced.map { os >= $0 } ?? true) && (obsoleted.map { os < $0 } ?? true)
  }

  /// "iOS 8+", "iOS 5–15", or nil for every version.
  public var availability: String? {
    switch (introduced, obsoleted) {
    case (nil, nil): nil
    case (let from?, nil): "iOS \(from)+"
    case (nil, let until?): "before iOS \(until)"
    case (let from?, let until?): "iOS \(from) up to (not including) \(until)"
    }
  }
}

/// A whole tiny trace, header first. `↓` at the start of a line marks a line the rule must
/// report; a trace without marks must produce no finding of the rule.
public struct RuleExample: Sendable {
  /// The trace as written in the rule, marks included.
  public let source: String
  /// Where the example is written, so that a failing test points at it.
  package let file: String
  package let line: Int

  package init(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
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
