import Foundation
import Replay
import TraceModel

/// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers: the whole rule catalog as
/// `tool.driver.rules` (with the level and enabled state of this run), one result per finding
/// at its file and line, with `partialFingerprints` from ``FindingIdentity`` so that an alert
/// survives a re-recording. Suppressed findings carry an accepted external suppression with
/// the reason; problems with the input are tool notifications.
final class SARIFReporter: FindingReporter {
  /// The fingerprint key of ``FindingIdentity/fingerprint``; a new identity scheme gets a new key.
  static let identityKey = "traceqIdentity/v1"

  private let output: (String) -> Void
  private let context: ReportContext
  private var results: [SARIF.Result] = []
  private var notifications: [SARIF.Notification] = []
  /// How many results of each identity each file has had, for distinct fingerprints.
  private var occurrences: [String: Int] = [:]

  init(output: @escaping (String) -> Void, context: ReportContext) {
    self.output = output
    self.context = context
  }

  func report(_ item: FileFinding) {
    let finding = item.finding
    let fingerprint = FindingIdentity(finding).fingerprint
    let occurrence = occurrences[item.file + "\u{1F}" + fingerprint, default: 0] + 1
    occurrences[item.file + "\u{1F}" + fingerprint] = occurrence
    results.append(
      SARIF.Result(
        ruleId: finding.ruleID,
        ruleIndex: RuleCatalog.all.firstIndex { $0.description.id == finding.ruleID } ?? -1,
        level: finding.severity.rawValue,
        message: SARIF.Message(text: finding.message),
        locations: [Self.location(item.file, line: finding.line)],
        // GitHub matches alerts across runs on primaryLocationLineHash; a line hash would
        // change with every recording, the identity does not.
        partialFingerprints: [
          Self.identityKey: fingerprint,
          "primaryLocationLineHash": "\(fingerprint.prefix(16)):\(occurrence)",
        ],
        properties: SARIF.Result.Properties(
          session: finding.session, hint: finding.hint, subjects: finding.subjects.map(FindingDocument.Subject.init)),
        suppressions: item.suppression.map { [SARIF.Suppression(justification: $0.reason)] },
        baselineState: context.usesBaseline && item.suppression == nil ? "new" : nil))
  }

  func report(issue: IngestIssue, file: String) {
    notifications.append(
      SARIF.Notification(
        level: issue.severity.rawValue, message: SARIF.Message(text: issue.message),
        locations: [Self.location(file, line: issue.line)], descriptor: .init(id: issue.kind.rawValue)))
  }

  func finish(_ tally: FindingTally) {
    let rules = RuleCatalog.all.map { Self.descriptor($0, in: context.rules) }
    let run = SARIF.Run(
      tool: SARIF.Tool(driver: SARIF.Driver(name: "traceq", rules: rules)),
      invocations: [SARIF.Invocation(executionSuccessful: true, toolExecutionNotifications: notifications)],
      results: results)
    output(SortedJSON.text(SARIF.Log(runs: [run])))
  }

  /// A rule as SARIF describes it, with its level and enabled state in `set`.
  static func descriptor(_ type: any Rule.Type, in set: RuleSet) -> SARIF.ReportingDescriptor {
    let rule = type.description
    var text = ["What to do: \(rule.hint)"]
    var markdown = ["**What to do:** \(rule.hint)"]
    if let says = rule.uikitSays {
      text.append("UIKit says: \(says)")
      markdown.append("UIKit says: `\(says)`")
    }
    text.append("Source: \(rule.source). `traceq rules \(rule.id)` shows examples.")
    markdown.append("Source: \(rule.source). `traceq rules \(rule.id)` shows examples.")
    let typeName = String(describing: type)
    return SARIF.ReportingDescriptor(
      id: rule.id,
      name: typeName.hasSuffix("Rule") ? String(typeName.dropLast(4)) : typeName,
      shortDescription: SARIF.Message(text: rule.name),
      fullDescription: SARIF.Message(text: rule.summary + "\n\n" + rule.background),
      help: SARIF.Message(text: text.joined(separator: "\n\n"), markdown: markdown.joined(separator: "\n\n")),
      defaultConfiguration: .init(
        level: (set.severity(of: rule.id) ?? rule.severity).rawValue, enabled: set.ids.contains(rule.id)),
      properties: .init(tags: ["traceq", rule.area.rawValue]))
  }

  /// A trace's line: a relative path is a URI relative to `%SRCROOT%` (the checkout, for
  /// code scanning), an absolute one a `file:` URI.
  static func location(_ path: String, line: Int) -> SARIF.Location {
    let artifact: SARIF.ArtifactLocation
    if path.hasPrefix("/") {
      artifact = SARIF.ArtifactLocation(uri: URL(fileURLWithPath: path).absoluteString)
    } else {
      let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
      var allowed = CharacterSet.urlPathAllowed
      allowed.remove(":")
      artifact = SARIF.ArtifactLocation(
        uri: relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? relative, uriBaseId: "%SRCROOT%")
    }
    return SARIF.Location(
      physicalLocation: SARIF.PhysicalLocation(
        artifactLocation: artifact, region: line > 0 ? .init(startLine: line) : nil))
  }
}
