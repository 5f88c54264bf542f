import TraceModel

/// The columns of `anomalies` a finding fills besides its ids, as a backend stores them: what a
/// ``FindingWriter`` compares with a session's stored rows, so that a `check --db` that finds
/// what it stored last time writes nothing (no write lock taken, nothing for a concurrent
/// `ingest` to wait for).
package enum StoredFindingRows {
  /// The columns, in the order of ``values(of:)``.
  package static let names = [
    "line", "rule", "severity", "vc", "class", "message", "hint", "source", "app_vc", "app_class", "decided_line",
    "frame",
  ]

  /// ``names`` as a column list of SQL.
  package static let columns = names.joined(separator: ", ")

  /// The values `finding` stores in ``columns``.
  package static func values(of finding: Finding) -> [StoredValue] {
    let app = finding.appController
    return [
      .integer(Int64(finding.line)), .text(finding.ruleID), .text(finding.severity.rawValue),
      text(finding.controller?.address), text(finding.controller?.className), .text(finding.message),
      .text(finding.hint), .text(finding.source.rawValue), text(app.flatMap { $0.address.isEmpty ? nil : $0.address }),
      text(app?.className), finding.decidedLine.map { .integer(Int64($0)) } ?? .null, text(finding.frame),
    ]
  }

  /// Whether every part replaces its session's findings with the ones stored already:
  /// `stored(session, most)` gives up to `most` of a session's stored rows of the rules that ran,
  /// in the order they were stored (one more than the part holds, so that memory stays bounded
  /// by the part however many are stored).
  package static func areStored(
    _ parts: [FindingsPart], stored: (_ session: Int64, _ most: Int) throws -> [[StoredValue]]
  ) rethrows -> Bool {
    try parts.allSatisfy { part in
      guard part.replaces else { return false }
      return try stored(part.session.id, most(part)) == part.findings.map(values(of:))
    }
  }

  /// How many of its session's stored rows ``areStored(_:stored:)`` asks for each part.
  package static func most(_ part: FindingsPart) -> Int { part.findings.count + 1 }

  private static func text(_ value: String?) -> StoredValue {
    value.map { .text($0) } ?? .null
  }
}
