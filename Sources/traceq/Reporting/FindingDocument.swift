import Replay
import TraceModel

/// The `--format json` document. Its `version` changes only when a field is removed or
/// changes meaning; fields may be added within a version. docs/ci.md documents every field.
/// (``JSONReporter`` encodes it with its arrays empty, and writes their elements in place.)
struct FindingDocument: Encodable {
  /// The schema version this traceq writes.
  static let currentVersion = 1

  var version = FindingDocument.currentVersion
  var tool = "traceq"
  /// The traceq that wrote it (``Release/version``).
  var toolVersion = Release.version
  var findings: [Item] = []
  var issues: [Issue] = []
  /// The cross-check of sessions with both recorded events and UIKit diagnostics.
  var crossCheck: [CrossCheckRow] = []
  var summary = Summary()

  enum CodingKeys: String, CodingKey {
    case version, tool
    case toolVersion = "tool_version"
    case findings, issues
    case crossCheck = "cross_check"
    case summary
  }

  /// One finding.
  struct Item: Encodable {
    var file: String
    var line: Int
    var session: Int
    var rule: String
    var severity: String
    var message: String
    var hint: String
    /// The main controller's address and class (absent when the finding names none, or the
    /// trace never gave the class).
    var vc: String?
    var className: String?
    var subjects: [Subject]
    /// The nearest controller of the app's own responsible for it (absent when none is known).
    var appController: AppController?
    /// The line whose event closed the evidence, when later than `line`.
    var decidedLine: Int?
    /// The first frame of the app's code in a crash report's backtrace.
    var frame: String?
    /// ``FindingIdentity/fingerprint``: the same when the scenario is recorded again.
    var fingerprint: String
    /// Present when a suppression of the configuration accepts the finding.
    var suppression: SuppressionEntry?
    /// With `--source-root`: where the finding's class is declared.
    var source: Source?
    /// `replay` (the model found it in recorded events) or `uikit` (UIKit said it in the console).
    var foundBy: String
    /// For a finding of UIKit's: the process and time stamp of its console line, when given.
    var process: String?
    var timestamp: String?

    enum CodingKeys: String, CodingKey {
      case file, line, session, rule, severity, message, hint, vc
      case className = "class"
      case subjects, fingerprint, suppression, source
      case foundBy = "found_by"
      case process, timestamp
      case appController = "app_controller"
      case decidedLine = "decided_line"
      case frame
    }

    init(_ item: FileFinding) {
      let finding = item.finding
      file = item.file
      line = finding.line
      session = finding.session
      rule = finding.ruleID
      severity = finding.severity.rawValue
      message = finding.message
      hint = finding.hint
      vc = finding.controller?.address
      className = finding.controller?.className
      subjects = finding.subjects.map(Subject.init)
      appController = finding.appController.map(AppController.init)
      decidedLine = finding.decidedLine
      frame = finding.frame
      fingerprint = FindingIdentity(finding).fingerprint
      suppression = item.suppression.map(SuppressionEntry.init)
      source = item.source.map { Source(file: $0.file, line: $0.line, className: $0.className, method: $0.method) }
      foundBy = finding.source.rawValue
      process = finding.logged?.process
      timestamp = finding.logged?.timestamp
    }
  }

  /// One row of a cross-check: how a finding of the replay or of UIKit fared against the other.
  struct CrossCheckRow: Encodable {
    var file: String
    var session: Int
    var rule: String
    /// `confirmed`, `missed-by-model` or `unconfirmed`.
    var verdict: String
    /// The line of the replay's finding, and of UIKit's console line.
    var replayLine: Int?
    var uikitLine: Int?
    /// For an unconfirmed finding: whether UIKit logs or throws anything for this rule at all.
    var uikitReports: Bool

    enum CodingKeys: String, CodingKey {
      case file, session, rule, verdict
      case replayLine = "replay_line"
      case uikitLine = "uikit_line"
      case uikitReports = "uikit_reports"
    }

    init(_ entry: CrossCheck.Entry, file: String) {
      self.file = file
      session = entry.session
      rule = entry.rule
      verdict = entry.verdict.rawValue
      replayLine = entry.replay?.line
      uikitLine = entry.uikit?.line
      uikitReports = entry.uikitReports
    }
  }

  /// Where a finding is in the app's sources: the call, the method or the class's declaration.
  struct Source: Encodable {
    var file: String
    var line: Int
    var className: String
    /// The method the line is in (`-[BNRDetailViewController takePicture:]`), when it is in one.
    var method: String?

    enum CodingKeys: String, CodingKey {
      case file, line
      case className = "class"
      case method
    }
  }

  /// The app's controller responsible for a finding: its address (absent when only a crash
  /// report's frame named the class) and class.
  struct AppController: Encodable {
    var address: String?
    var className: String?

    enum CodingKeys: String, CodingKey {
      case address
      case className = "class"
    }

    init(_ subject: Finding.Subject) {
      address = subject.address.isEmpty ? nil : subject.address
      className = subject.className
    }
  }

  /// A controller or popover a finding names.
  struct Subject: Encodable {
    var address: String
    var className: String?
    var popover: Bool

    enum CodingKeys: String, CodingKey {
      case address
      case className = "class"
      case popover
    }

    init(_ subject: Finding.Subject) {
      address = subject.address
      className = subject.className
      popover = subject.isPopover
    }
  }

  /// The suppression that accepts a finding, as the configuration gives it.
  struct SuppressionEntry: Encodable {
    var reason: String?
    var rule: String?
    var className: String?
    var path: String?

    enum CodingKeys: String, CodingKey {
      case reason, rule
      case className = "class"
      case path
    }

    init(_ suppression: Suppression) {
      reason = suppression.reason
      rule = suppression.rule
      className = suppression.className?.pattern
      path = suppression.path?.pattern
    }
  }

  /// A problem with a trace's lines.
  struct Issue: Encodable {
    var file: String
    var line: Int
    var severity: String
    var kind: String
    var message: String
  }

  /// The counts of the run.
  struct Summary: Encodable {
    var files = 0
    var sessions = 0
    var events = 0
    var errors = 0
    var warnings = 0
    var notes = 0
    var suppressed = 0
    var baseline = 0
    var failingSeverity = Severity.error.rawValue
    var failed = false
    /// How many files were read as each kind (`trace`, `xcode-console`, `crash-report`, …).
    var kinds: [String: Int] = [:]

    enum CodingKeys: String, CodingKey {
      case files, sessions, events, errors, warnings, notes, suppressed, baseline, kinds
      case
        failingSeverity = "failing_severity"
      case failed
    }

    init() {}

    init(_ tally: FindingTally, failingSeverity: Severity) {
      files = tally.files
      sessions = tally.sessions
      events = tally.events
      errors = tally.count(.error)
      warnings = tally.count(.warning)
      notes = tally.count(.note)
      suppressed = tally.suppressed
      baseline = tally.baselined
      self.failingSeverity = failingSeverity.rawValue
      failed = tally.fails(at: failingSeverity)
      kinds = Dictionary(uniqueKeysWithValues: tally.kinds.map { ($0.key.rawValue, $0.value) })
    }
  }
}
