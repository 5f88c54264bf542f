import TraceModel

/// The report's triage table: findings grouped by rule, the app's controller responsible and
/// the shape of the message (``FindingIdentity/shape(_:addresses:)``: addresses and line
/// numbers left out), each with how many findings and which sessions have them.
struct FindingGroups {
  /// At most this many groups are kept; the findings of any others are counted.
  static let limit = 1000

  struct Key: Hashable {
    var rule: String
    /// The app's controller class, or "" when the finding has none.
    var controller: String
    var shape: String
  }

  struct Group {
    var key: Key
    var severity: Severity
    var count = 0
    /// The sessions (the report's numbers, from 1) that have the group's findings, in order.
    var sessions: [Int] = []
  }

  /// The groups, most findings first (errors before warnings before notes).
  var sorted: [Group] {
    groups.values.sorted { first, second in
      guard first.severity == second.severity else { return first.severity > second.severity }
      return (-first.count, first.key.rule, first.key.controller, first.key.shape)
        < (-second.count, second.key.rule, second.key.controller, second.key.shape)
    }
  }

  /// Findings of groups past ``limit``.
  private(set) var ungrouped = 0
  private var groups: [Key: Group] = [:]

  /// Counts `finding`, of the report's session `session`.
  mutating func add(_ finding: Finding, session: Int) {
    let key = Key(
      rule: finding.ruleID, controller: finding.appController?.className ?? "",
      shape: FindingIdentity.shape(finding.message, addresses: finding.subjects.map(\.address)))
    guard groups[key] != nil || groups.count < Self.limit else {
      ungrouped += 1
      return
    }
    groups[key, default: Group(key: key, severity: finding.severity)].count += 1
    if groups[key]?.sessions.last != session { groups[key]?.sessions.append(session) }
  }
}

extension Severity {
  /// The shape that tells a severity without its colour: ▲ error, ◆ warning, ● note.
  var shape: String {
    switch self {
    case .error: "▲"
    case .warning: "◆"
    case .note: "●"
    }
  }
}
