import TraceModel

/// One diagnostic UIKit prints or throws, as the console catalog knows it: the rule id its
/// findings carry (the replay rule's id when one checks the same misuse), the wordings UIKit
/// used across iOS versions, the anchor word that lets a log scan skip every other line, and
/// example lines that the tests recognise.
package struct ConsoleEntry: Sendable {
  /// Kebab-case; a replay rule's id when the replay checks the same misuse.
  package let id: String
  package let name: String
  /// The severity of a new id; a replay rule's id reports with that rule's severity.
  package let defaultSeverity: Severity
  /// Logged (a warning UIKit prints and goes on) or thrown (the app is terminated).
  package let isException: Bool
  /// What UIKit says, in its most recent wording.
  package let uikitSays: String
  /// What to do; for a replay rule's id, that rule's hint.
  package let ownHint: String?
  /// Words of which every wording holds one on the line where the message starts.
  package let anchors: [String]
  /// The wordings, most specific first.
  package let variants: [ConsolePattern]
  /// Real-looking lines that must be recognised as this entry, with the objects they name.
  package let examples: [ConsoleExample]
  /// Public pages that quote the message.
  package let sources: [String]

  package init(
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
  package var replayRule: RuleDescription? { RuleCatalog.type(for: id)?.description }

  package var severity: Severity { replayRule?.severity ?? defaultSeverity }

  package var hint: String { ownHint ?? replayRule?.hint ?? "" }
}

/// A console line (or a few, for a wrapped message) that must be recognised as its entry.
package struct ConsoleExample: Sendable {
  package let text: String
  /// The objects it names, as ``ConsoleDiagnostic/Object/described`` gives them.
  package let objects: [String]
  package let file: String
  package let line: Int

  package init(_ text: String, objects: [String], file: StaticString = #filePath, line: UInt = #line) {
    self.text = text
    self.objects = objects
    self.file = "\(file)"
    self.line = Int(line)
  }
}
