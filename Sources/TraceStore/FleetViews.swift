/// The views both backends define alike (docs/schema.md): the controllers' appearances, the
/// builds, and each stored finding's fingerprint. The fingerprint is defined here alone: `finding_groups`,
/// on each backend, and `traceq findings` group by its `rule` and `class` columns.
package enum FleetViews {
  /// Both views' statements, as the schema that added them (SQLite v9, PostgreSQL v2) defined
  /// them: a shipped migration is never edited.
  package static let sql = builds + "\n" + findingFingerprints(className: "a.class")

  /// Each stored controller with its appearance callback counts: as SQLite's v8 and PostgreSQL's
  /// v1 defined it, and from SQLite's v11 and PostgreSQL's v4 `withLines`, a row per lifetime of
  /// an address with the first and last lines that name it.
  package static func appearances(withLines: Bool) -> String {
    """
    CREATE VIEW appearances AS
      SELECT s.trace_id AS trace_id, tr.path AS file, c.session_id AS session_id, c.address AS vc,
             c.class AS class, c.kind AS kind, c.will_appear AS will_appear, c.did_appear AS did_appear,
             c.will_disappear AS will_disappear, c.did_disappear AS did_disappear\(withLines ? lines : "")
      FROM controllers c
      JOIN sessions s ON s.id = c.session_id
      LEFT JOIN traces tr ON tr.id = s.trace_id;
    """
  }

  private static let lines = ",\n         c.first_line AS first_line, c.last_line AS last_line"

  /// The app builds stored, each with its first and last session.
  static let builds = """
    CREATE VIEW builds AS
      SELECT s.app AS app, s.build AS build, min(s.id) AS first_session, max(s.id) AS last_session,
             count(*) AS sessions
      FROM sessions s GROUP BY s.app, s.build;
    """

  /// Each stored finding with the columns its group is known by: its `class` is the app's
  /// controller responsible when the finding names one (`anomalies.app_class`), else its main
  /// controller's, so that a popover shown twice groups under the app's presenter rather than
  /// under UIKit's `UIImagePickerController`.
  package static let findingFingerprints = findingFingerprints(className: "coalesce(a.app_class, a.class)")

  private static func findingFingerprints(className: String) -> String {
    """
    CREATE VIEW finding_fingerprints AS
      SELECT a.id AS finding, a.trace_id AS trace_id, a.session_id AS session_id, a.severity AS severity,
             a.rule AS rule, \(className) AS class
      FROM anomalies a;
    """
  }
}
