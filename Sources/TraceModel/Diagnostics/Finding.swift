/// A rule's finding at a line of a session: what the replay (or UIKit itself, in the console)
/// reports, and what the store keeps in `anomalies`.
public struct Finding: Sendable, Hashable {
  /// The id of the rule (or UIKit diagnostic) that found it, kebab-case.
  public var ruleID: String
  /// How serious it is, as configured.
  public var severity: Severity
  /// The line in the decompressed trace.
  public var line: Int
  /// The session's ordinal in its file (1 for the first header).
  public var session: Int
  /// What happened, in UIKit's words, naming the objects.
  public var message: String
  /// What to do about it.
  public var hint: String
  /// The controllers (and popovers) the message names, in order: their ids and classes.
  public var subjects: [Subject]
  /// Who found it: the replay of recorded events, or UIKit itself in the console.
  public var source: Source = .replay
  /// For a finding of UIKit's: the process and time stamp of the console line, when it gave them.
  public var logged: ConsoleOrigin?
  /// The nearest controller declared in the app (not UIKit's or another framework's) responsible
  /// for what was found: the one that presented, pushed, added a child or decided the
  /// orientation. Nil when no controller of the app is involved, or none has a known class.
  /// (When a rule's own subjects do not include it, it is the first of ``subjects``.)
  public var appController: Subject?
  /// The UIKit method of the app's controller the finding is about, for finding the call in the
  /// app's sources.
  public var call: AppCall?
  /// The line where the evidence for the finding closed, when it is after ``line``: the finding
  /// is about the state at ``line``, which later events could still have refuted.
  public var decidedLine: Int?
  /// The first frame of the app's code in the crash report's backtrace
  /// (`-[MTDActionSheet setupPopoverController] + 162`), for a finding of UIKit's.
  public var frame: String?

  /// A finding with these fields.
  public init(
    ruleID: String, severity: Severity, line: Int, session: Int, message: String, hint: String, subjects: [Subject],
    source: Source = .replay, logged: ConsoleOrigin? = nil, appController: Subject? = nil, call: AppCall? = nil,
    decidedLine: Int? = nil, frame: String? = nil
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.line = line
    self.session = session
    self.message = message
    self.hint = hint
    self.subjects = subjects
    self.source = source
    self.logged = logged
    self.appController = appController
    self.call = call
    self.decidedLine = decidedLine
    self.frame = frame
  }

  /// Who found a finding.
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// The replay of recorded events through the model of UIKit.
    case replay
    /// UIKit's own diagnostic, in a console log, crash report or a trace's `console` events.
    case uikit
  }

  /// An object named by a finding.
  public struct Subject: Sendable, Hashable {
    /// The object's address, as the trace wrote it.
    public var address: String
    /// The object's class, when the trace declared it.
    public var className: String?
    /// A `UIPopoverController` rather than a view controller.
    public var isPopover: Bool

    /// An object at `address` of class `className`.
    public init(address: String, className: String?, isPopover: Bool) {
      self.address = address
      self.className = className
      self.isPopover = isPopover
    }
  }

  /// The main view controller of the finding: the app's controller responsible, when the rule's
  /// subjects were UIKit's; else the first it names (for a popover, the one it shows).
  public var controller: Subject? { subjects.first { !$0.isPopover } }

  /// The classes of the subjects and of the app's controller (which a crash report's frame may
  /// give without a subject): what `ignored_classes` and suppressions match.
  public var namedClasses: [String] {
    (subjects.compactMap(\.className) + [appController?.className].compactMap { $0 })
  }
}
