import TraceModel

/// A rule's finding at a line of a session.
public struct Finding: Sendable, Hashable {
  public var ruleID: String
  public var severity: Severity
  /// The line in the decompressed trace.
  public var line: Int
  /// The session's ordinal in its file (1 for the first header).
  public var session: Int
  public var message: String
  public var hint: String
  /// The controllers (and popovers) the message names, in order: their ids and classes.
  public var subjects: [Subject]
  /// Who found it: the replay of recorded events, or UIKit itself in the console.
  public var source: Source = .replay
  /// For a finding of UIKit's: the process and time stamp of the console line, when it gave them.
  public var logged: ConsoleOrigin?

  /// Who found a finding.
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// The replay of recorded events through the model of UIKit.
    case replay
    /// UIKit's own diagnostic, in a console log, crash report or a trace's `console` events.
    case uikit
  }

  /// An object named by a finding.
  public struct Subject: Sendable, Hashable {
    public var address: String
    public var className: String?
    /// A `UIPopoverController` rather than a view controller.
    public var isPopover: Bool
  }

  /// The main view controller of the finding (for a popover, the one it shows).
  public var controller: Subject? { subjects.first { !$0.isPopover } }
}

/// One step of a replay that a rule looks at: an observation of the model at a line, with the
/// model's state after the event.
public struct ReplayStep {
  public let line: Int
  public let observation: Observation
  public let model: SessionModel

  /// How messages name a controller or popover: `BNRDetailViewController 0xc3`.
  public func describe(_ id: ObjectID) -> String { model.symbols.describe(id) }

  /// The class of `id`, or its address when the trace never gave one.
  public func className(_ id: ObjectID) -> String { model.symbols.className(of: id) ?? model.symbols.address(of: id) }
}

/// Where rules put their findings.
public struct FindingList {
  public private(set) var findings: [Finding] = []
  let session: Int
  let severities: [String: Severity]

  init(session: Int, severities: [String: Severity]) {
    self.session = session
    self.severities = severities
  }

  /// Reports a finding of `rule` at the step's line, naming `subjects` (the main one first).
  public mutating func report<R: Rule>(_ rule: R.Type, at step: ReplayStep, _ message: String, subjects: [ObjectID]) {
    let description = R.description
    findings.append(
      Finding(
        ruleID: description.id, severity: severities[description.id] ?? description.severity, line: step.line,
        session: session, message: message, hint: description.hint,
        subjects: subjects.map { id in
          let symbols = step.model.symbols
          let isPopover = symbols.roles(of: id) == .popover
          return Finding.Subject(
            address: symbols.address(of: id), className: symbols.className(of: id), isPopover: isPopover)
        }))
  }

  mutating func removeAll() { findings.removeAll(keepingCapacity: true) }
}
