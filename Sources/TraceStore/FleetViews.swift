/// The views of fleet questions both backends define alike (docs/schema.md): the builds, and
/// each stored finding's fingerprint. The fingerprint is defined here alone: `finding_groups`,
/// on each backend, and `traceq findings` group by its `rule` and `class` columns.
package enum FleetViews {
  /// Both views' statements, as the schema that added them (SQLite v9, PostgreSQL v2) defined
  /// them: a shipped migration is never edited.
  package static let sql = builds + "\n" + findingFingerprints(className: "a.class")

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
