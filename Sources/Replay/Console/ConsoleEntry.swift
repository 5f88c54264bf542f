import TraceModel

/// One diagnostic UIKit prints or throws, as the console catalog knows it: the rule id its
/// findings carry (the replay rule's id when one checks the same misuse), the wordings UIKit
/// used across iOS versions, the anchor word that lets a log scan skip every other line, and
/// example lines that the tests recognise.
public struct ConsoleEntry: Sendable {
  /// Kebab-case; a replay rule's id when the replay checks the same misuse.
  public let id: String
  public let name: String
  /// The severity of a new id; a replay rule's id reports with that rule's severity.
  public let defaultSeverity: Severity
  /// Logged (a warning UIKit prints and goes on) or thrown (the app is terminated).
  public let isException: Bool
  /// What UIKit says, in its most recent wording.
  public let uikitSays: String
  /// What to do; for a replay rule's id, that rule's hint.
  public let ownHint: String?
  /// Words of which every wording holds one on the line where the message starts.
  public let anchors: [String]
  /// The wordings, most specific first.
  public let variants: [ConsolePattern]
  /// Real-looking lines that must be recognised as this entry, with the objects they name.
  public let examples: [ConsoleExample]
  /// Public pages that quote the message.
  public let sources: [String]

  public init(
    id: String, name: String, severity: Severity = .warning, isException: Bool = false, uikitSays: String,
    hint: String? = nil, anchors: [String], variants: [ConsolePattern], examples: [ConsoleExample], sources: [String]
  ) {
    self.id = id
    self.name = name
    defaultSeverity = severity
    self.isException = isException
    self.uikitSays = uikitSays
    ownHint = hint
    self.anchors = anchors
    self.variants = variants
    self.examples = examples
    self.sources = sources
  }

  /// The replay rule with the same id, when there is one.
  public var replayRule: RuleDescription? { RuleCatalog.type(for: id)?.description }

  public var severity: Severity { replayRule?.severity ?? defaultSeverity }

  public var hint: String { ownHint ?? replayRule?.hint ?? "" }
}

/// A console line (or a few, for a wrapped message) that must be recognised as its entry.
public struct ConsoleExample: Sendable {
  public let text: String
  /// The objects it names, as ``ConsoleDiagnostic/Object/described`` gives them.
  public let objects: [String]
  public let file: String
  public let line: Int

  public init(_ text: String, objects: [String], file: StaticString = #filePath, line: UInt = #line) {
    self.text = text
    self.objects = objects
    self.file = "\(file)"
    self.line = Int(line)
  }
}
