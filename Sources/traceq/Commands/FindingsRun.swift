import Foundation
import TraceIngest
import TraceStore

/// `traceq findings`: the stored findings grouped by fingerprint (the `finding_groups` view),
/// with the sessions, files, builds, OS versions and idioms each group affects; with
/// `--since-build`, the sessions it affected before that build was first stored and since; with
/// `--new-in`, only the groups first seen in that build. The same SQL on every backend.
struct FindingsRun {
  var databasePath: String
  var sinceBuild: String?
  var newIn: String?
  var format: FindingsFormat = .text
  var output: (String) -> Void = StandardStreams.printLine
  var errorOutput: (String) -> Void = Terminal.error

  /// Prints the groups; returns `clean`, or `unusable` when the store cannot be read or a build
  /// named is not stored.
  func execute() -> ExitStatus {
    let store = TraceStores.at(databasePath)
    do {
      let queries = try store.openQueries(note: errorOutput)
      for build in [sinceBuild, newIn].compactMap({ $0 }) {
        guard try !queries.rows("SELECT 1 FROM builds WHERE build = \(Self.literal(build))").isEmpty else {
          let known = try queries.rows("SELECT build FROM builds WHERE build IS NOT NULL ORDER BY first_session")
            .compactMap { $0[0].text }
          errorOutput(
            TerminalText.escaped(
              "error: no stored session is of build \"\(build)\"; the builds stored, oldest first: "
                + (known.isEmpty ? "none" : known.joined(separator: ", "))))
          return .unusable
        }
      }
      var periods = (before: 0, since: 0)
      if let sinceBuild, let row = try queries.rows(Self.periodsSQL(sinceBuild)).first,
        let before = row[0].integer, let since = row[1].integer
      {
        periods = (Int(before), Int(since))
      }
      let groups = Self.ordered(
        try queries.rows(groupsSQL()).map {
          FindingGroup(row: $0, sinceBuild: sinceBuild, sessionsBefore: periods.before, sessionsSince: periods.since)
        })
      FindingsPrinter(format: format, output: output).print(groups, store: store.location)
      return .clean
    } catch let error as StoreError {
      errorOutput(error.message)
      return .unusable
    } catch {
      errorOutput(TerminalText.escaped("error: cannot read the findings stored in \(store.location): \(error)"))
      return .unusable
    }
  }

  /// The groups of `finding_groups`, with the sessions each affected before `sinceBuild` and
  /// since when it is given.
  func groupsSQL() -> String {
    var sql = """
      SELECT g.rule, g.class, g.severity, g.findings, g.sessions, g.files, g.first_build, g.last_build,
             g.os_versions, g.idioms
      """
    if sinceBuild != nil { sql += ", t.before, t.since" }
    sql += "\nFROM finding_groups g"
    if let sinceBuild {
      sql += """

        JOIN (SELECT p.rule AS rule, p.class AS class,
                count(DISTINCT CASE WHEN p.session_id < f.first THEN p.session_id END) AS before,
                count(DISTINCT CASE WHEN p.session_id >= f.first THEN p.session_id END) AS since
              FROM finding_fingerprints p CROSS JOIN (\(Self.firstSessionSQL(sinceBuild))) AS f
              GROUP BY p.rule, p.class) AS t
          ON t.rule = g.rule AND (t.class = g.class OR (t.class IS NULL AND g.class IS NULL))
        """
    }
    if let newIn { sql += "\nWHERE g.first_build = \(Self.literal(newIn))" }
    return sql
  }

  /// Those affecting most sessions since the build first (with `--since-build`), then those
  /// affecting most sessions; ties by rule and class, ordered the same on every backend.
  static func ordered(_ groups: [FindingGroup]) -> [FindingGroup] {
    groups.sorted { a, b in
      let (sinceA, sinceB) = (a.trend?.since ?? 0, b.trend?.since ?? 0)
      if sinceA != sinceB { return sinceA > sinceB }
      if a.sessions != b.sessions { return a.sessions > b.sessions }
      if a.rule != b.rule { return a.rule < b.rule }
      return (a.class ?? "") < (b.class ?? "")
    }
  }

  /// The sessions stored before `build` was first stored, and since.
  static func periodsSQL(_ build: String) -> String {
    """
    SELECT count(CASE WHEN s.id < f.first THEN 1 END), count(CASE WHEN s.id >= f.first THEN 1 END)
    FROM sessions s CROSS JOIN (\(firstSessionSQL(build))) AS f
    """
  }

  private static func firstSessionSQL(_ build: String) -> String {
    "SELECT min(first_session) AS first FROM builds WHERE build = \(literal(build))"
  }

  /// `text` as an SQL string literal.
  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
