import Foundation
import TraceStore

/// One row of the `finding_groups` view: the stored findings of one fingerprint (a rule and a
/// controller class) across every stored session, and, with `--since-build`, how many sessions
/// it affected before that build and since.
struct FindingGroup: Encodable, Equatable {
  var rule: String
  var `class`: String?
  var severity: String
  var findings: Int
  var sessions: Int
  var files: Int
  var firstBuild: String?
  var lastBuild: String?
  var osVersions: [String]
  var idioms: [String]
  var trend: Trend?

  /// The sessions affected before a build was first stored, and since.
  struct Trend: Encodable, Equatable {
    var sinceBuild: String
    /// Sessions it affected among the `sessionsBefore` stored before the build.
    var before: Int
    var sessionsBefore: Int
    /// Sessions it affected among the `sessionsSince` stored since.
    var since: Int
    var sessionsSince: Int
    var direction: Direction

    enum Direction: String, Encodable {
      /// Not seen before the build.
      case new
      /// Seen before, not since.
      case gone
      /// A share of sessions at least a quarter larger since.
      case up
      case down
      case steady
    }

    init(sinceBuild: String, before: Int, sessionsBefore: Int, since: Int, sessionsSince: Int) {
      self.sinceBuild = sinceBuild
      self.before = before
      self.sessionsBefore = sessionsBefore
      self.since = since
      self.sessionsSince = sessionsSince
      if before == 0 {
        direction = since > 0 ? .new : .steady
      } else if since == 0 {
        direction = .gone
      } else {
        let ratio = (Double(since) / Double(sessionsSince)) / (Double(before) / Double(sessionsBefore))
        direction = ratio >= 1.25 ? .up : ratio <= 0.8 ? .down : .steady
      }
    }
  }

  /// The group of a row of ``FindingsRun``'s query (its columns in that order).
  init(row: [StoredValue], sinceBuild: String?, sessionsBefore: Int, sessionsSince: Int) {
    func text(_ index: Int) -> String? { row[index].text }
    func number(_ index: Int) -> Int { row[index].integer.map(Int.init) ?? 0 }
    func list(_ index: Int) -> [String] {
      (text(index) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
    }
    rule = text(0) ?? ""
    `class` = text(1)
    severity = text(2) ?? ""
    findings = number(3)
    sessions = number(4)
    files = number(5)
    firstBuild = text(6)
    lastBuild = text(7)
    osVersions = list(8)
    idioms = list(9)
    if let sinceBuild {
      trend = Trend(
        sinceBuild: sinceBuild, before: number(10), sessionsBefore: sessionsBefore, since: number(11),
        sessionsSince: sessionsSince)
    }
  }
}
