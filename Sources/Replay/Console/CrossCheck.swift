import TraceModel

/// The model checked against UIKit's own verdicts, for a session that has both recorded events
/// and UIKit diagnostics in its console: each finding of either side, matched by rule, then
/// controller, then line order.
public enum CrossCheck {
  /// How one finding fared.
  public enum Verdict: String, Sendable, CaseIterable {
    /// The replay and UIKit agree.
    case confirmed
    /// UIKit complained and the replay did not: a model bug or a diagnostic not modelled yet.
    case missedByModel = "missed-by-model"
    /// The replay flagged it and UIKit said nothing (normal for what UIKit does not log).
    case unconfirmed
  }

  /// One row of the table.
  public struct Entry: Sendable {
    /// How the finding fared.
    public let verdict: Verdict
    /// The rule id both sides use.
    public let rule: String
    /// The session's ordinal in its file.
    public let session: Int
    /// The replay's finding (nil when missed by the model).
    public let replay: Finding?
    /// UIKit's finding (nil when unconfirmed).
    public let uikit: Finding?
    /// For an unconfirmed finding: whether UIKit logs or throws anything for that rule at all.
    public let uikitReports: Bool

    /// The line of the replay's finding, else of UIKit's.
    public var line: Int { replay?.line ?? uikit?.line ?? 0 }
  }

  /// Matches `uikit` findings to `replay` findings of one session. A UIKit diagnostic matches
  /// the replay finding of its rule whose controller agrees (same address; else the same class
  /// with or without its module; else either names none), the nearest one at or before its
  /// line first, as UIKit logs after the call.
  package static func compare(replay: [Finding], uikit: [Finding]) -> [Entry] {
    var unmatched = Array(replay.indices)
    var entries: [Entry] = []
    for finding in uikit {
      let candidates = unmatched.filter { replay[$0].ruleID == finding.ruleID && agree(replay[$0], finding) }
      let before = candidates.last { replay[$0].line <= finding.line }
      if let match = before ?? candidates.first {
        unmatched.removeAll { $0 == match }
        entries.append(
          Entry(
            verdict: .confirmed, rule: finding.ruleID, session: finding.session, replay: replay[match], uikit: finding,
            uikitReports: true))
      } else {
        entries.append(
          Entry(
            verdict: .missedByModel, rule: finding.ruleID, session: finding.session, replay: nil, uikit: finding,
            uikitReports: true))
      }
    }
    for index in unmatched {
      let finding = replay[index]
      entries.append(
        Entry(
          verdict: .unconfirmed, rule: finding.ruleID, session: finding.session, replay: finding, uikit: nil,
          uikitReports: ConsoleCatalog.entry(finding.ruleID) != nil))
    }
    return entries.sorted { $0.line < $1.line }
  }

  /// Whether two findings can be about the same objects: they share an address, or (when one
  /// side gives no addresses) a class, or one side names nothing.
  private static func agree(_ replay: Finding, _ uikit: Finding) -> Bool {
    let ours = Set(replay.subjects.map { $0.address.lowercased() }.filter { !$0.isEmpty })
    let theirs = Set(uikit.subjects.map(\.address).filter { !$0.isEmpty })
    if !ours.isEmpty, !theirs.isEmpty { return !ours.isDisjoint(with: theirs) }
    let ourClasses = Set(replay.subjects.compactMap(\.className).map(unqualified))
    let theirClasses = Set(uikit.subjects.compactMap(\.className).map(unqualified))
    return ourClasses.isEmpty || theirClasses.isEmpty || !ourClasses.isDisjoint(with: theirClasses)
  }

  /// `MyApp.SettingsViewController` → `SettingsViewController`.
  private static func unqualified(_ name: String) -> Substring {
    name.split(separator: ".").last ?? Substring(name)
  }
}
