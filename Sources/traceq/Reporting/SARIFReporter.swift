import Foundation
import Replay
import TraceModel

/// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers: every rule id as
/// `tool.driver.rules` (the replay rules, then the UIKit diagnostics only console logs report,
/// then ``inputRuleID``; with the level and enabled state of this run), one result per finding
/// at its file and line, with `partialFingerprints` from ``FindingIdentity`` so that an alert
/// survives a re-recording. Suppressed findings carry an accepted external suppression with
/// the reason. Problems with the input are tool notifications, and also results of the
/// ``inputRuleID`` rule, so that code scanning shows why a job failed on them. Results and
/// notifications are written as they come (``JSONArraySpool``), the log around them at the end.
final class SARIFReporter: FindingReporter {
  /// The fingerprint key of ``FindingIdentity/fingerprint``; a new identity scheme gets a new key.
  static let identityKey = "traceqIdentity/v1"
  /// The rule of the results that report a trace's bad lines.
  static let inputRuleID = "trace-input"

  private let output: (String) -> Void
  private let context: ReportContext
  private let results: JSONArraySpool
  private let notifications: JSONArraySpool
  /// How many results of each identity the current file has had, for distinct fingerprints.
  private var occurrences: [String: Int] = [:]
  private var occurrencesFile = ""

  init(output: @escaping (String) -> Void, context: ReportContext) {
    self.output = output
    self.context = context
    let empty = SortedJSON.text(Self.log(rules: []))
    results = JSONArraySpool(indent: JSONArraySpool.indent(of: "results", in: empty))
    notifications = JSONArraySpool(indent: JSONArraySpool.indent(of: "toolExecutionNotifications", in: empty))
  }

  func report(_ item: FileFinding) {
    let finding = item.finding
    let fingerprint = FindingIdentity(finding).fingerprint
    results.append(
      SARIF.Result(
        ruleId: finding.ruleID,
        ruleIndex: RuleCatalog.ids.firstIndex(of: finding.ruleID) ?? -1,
        level: finding.severity.rawValue,
        message: SARIF.Message(text: finding.message),
        locations: [Self.location(item.location.file, line: item.location.line)],
        relatedLocations: item.recordedAt.map { recorded in
          var trace = Self.location(item.file, line: finding.line)
          trace.id = 1
          trace.message = SARIF.Message(text: recorded)
          return [trace]
        },
        // GitHub matches alerts across runs on primaryLocationLineHash; a line hash would
        // change with every recording, the identity does not.
        partialFingerprints: fingerprints(fingerprint, in: item.file),
        properties: SARIF.Result.Properties(
          session: finding.session, hint: finding.hint, subjects: finding.subjects.map(FindingDocument.Subject.init),
          foundBy: finding.source.rawValue),
        suppressions: item.suppression.map { [SARIF.Suppression(justification: $0.reason)] },
        baselineState: context.usesBaseline && item.suppression == nil ? "new" : nil))
  }

  func report(issue: IngestIssue, file: String) {
    let location = Self.location(file, line: issue.line)
    notifications.append(
      SARIF.Notification(
        level: issue.severity.rawValue, message: SARIF.Message(text: issue.message), locations: [location],
        descriptor: .init(id: issue.kind.rawValue)))
    let identity = FindingIdentity.sha256(
      [Self.inputRuleID, issue.kind.rawValue, String(issue.line), issue.message].joined(separator: "\u{1F}"))
    results.append(
      SARIF.Result(
        ruleId: Self.inputRuleID, ruleIndex: RuleCatalog.ids.count, level: issue.severity.rawValue,
        message: SARIF.Message(text: "\(issue.message) [\(issue.kind.rawValue)]"), locations: [location],
        partialFingerprints: fingerprints(identity, in: file)))
  }

  /// The identity and GitHub's `primaryLocationLineHash`: its first 16 digits and which
  /// occurrence of it in `file` this is. (A file's results all come before the next file's.)
  private func fingerprints(_ identity: String, in file: String) -> [String: String] {
    if file != occurrencesFile {
      occurrences.removeAll()
      occurrencesFile = file
    }
    let occurrence = occurrences[identity, default: 0] + 1
    occurrences[identity] = occurrence
    return [Self.identityKey: identity, "primaryLocationLineHash": "\(identity.prefix(16)):\(occurrence)"]
  }

  func finish(_ tally: FindingTally) {
    let rules =
      RuleCatalog.all.map { Self.descriptor($0, in: context.rules) }
      + RuleCatalog.consoleOnly.map { Self.descriptor($0, in: context.rules) } + [Self.inputDescriptor]
    JSONArraySpool.write(
      SortedJSON.text(Self.log(rules: rules)),
      into: [("toolExecutionNotifications", notifications), ("results", results)], to: output)
  }

  /// The log of one run, without results and notifications (the spools hold them).
  private static func log(rules: [SARIF.ReportingDescriptor]) -> SARIF.Log {
    SARIF.Log(runs: [
      SARIF.Run(
        tool: SARIF.Tool(
          driver: SARIF.Driver(
            name: "traceq", version: Release.version, semanticVersion: Release.version,
            informationUri: Release.repository, rules: rules)),
        invocations: [SARIF.Invocation(executionSuccessful: true, toolExecutionNotifications: [])], results: [])
    ])
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
      helpUri: Release.helpURL(rule: rule.id),
      defaultConfiguration: .init(
        level: (set.severity(of: rule.id) ?? rule.severity).rawValue, enabled: set.ids.contains(rule.id)),
      properties: .init(tags: ["traceq", rule.area.rawValue]))
  }

  /// A UIKit diagnostic no replay rule checks, as SARIF describes it, with its level and enabled
  /// state in `set`.
  static func descriptor(_ entry: ConsoleEntry, in set: RuleSet) -> SARIF.ReportingDescriptor {
    let says = "UIKit \(RuleDocumentation.verb(entry)): \(entry.uikitSays)"
    let seen = "Seen in: \(entry.sources.joined(separator: ", ")). `traceq rules \(entry.id)` shows examples."
    return SARIF.ReportingDescriptor(
      id: entry.id,
      name: entry.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
      shortDescription: SARIF.Message(text: entry.name),
      fullDescription: SARIF.Message(text: says + "\n\n" + RuleDocumentation.consoleOrigin),
      help: SARIF.Message(
        text: ["What to do: \(entry.hint)", says, seen].joined(separator: "\n\n"),
        markdown: [
          "**What to do:** \(entry.hint)", "UIKit \(RuleDocumentation.verb(entry)): `\(entry.uikitSays)`", seen,
        ]
        .joined(separator: "\n\n")),
      helpUri: Release.helpURL(rule: entry.id),
      defaultConfiguration: .init(
        level: (set.severity(of: entry.id) ?? entry.severity).rawValue, enabled: set.reportsConsole(entry.id)),
      properties: .init(tags: ["traceq", RuleDocumentation.consoleArea]))
  }

  /// The rule of the results about bad lines: always on, an error (the job fails on them).
  static let inputDescriptor = SARIF.ReportingDescriptor(
    id: inputRuleID, name: "TraceInput", shortDescription: SARIF.Message(text: "Trace line traceq cannot use"),
    fullDescription: SARIF.Message(
      text: "A line of a trace is not a record of the trace format (invalid JSON, a missing or wrong key, "
        + "an unknown version), or the file is cut short or corrupt. traceq reports it and checks the rest."),
    help: SARIF.Message(
      text: "Fix the recorder that wrote the trace; docs/trace-format.md describes the records.",
      markdown: "Fix the recorder that wrote the trace; [the trace format](\(Release.traceFormatDocument)) "
        + "describes the records."),
    helpUri: Release.traceFormatDocument, defaultConfiguration: .init(level: "error", enabled: true),
    properties: .init(tags: ["traceq", "input"]))

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
