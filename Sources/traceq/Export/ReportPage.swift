import Mustache
import Replay
import TraceModel

/// The HTML report: what ``ReportBuilder`` gathered, laid out for ``ReportTemplate`` (the page's
/// head and foot, which escapes each value) and for the sessions' parts, written as markup
/// bytes (``SessionView/write(to:)``, ``appendBar(_:track:top:scale:to:)``), escaped as the
/// template escapes.
struct ReportPage {
  /// At most this many controller tracks are drawn per session: those the findings name first,
  /// then the busiest.
  static let controllerTracks = 40
  /// The timeline's width in SVG units (the page scales it to the zoom).
  static let width = 1000.0
  static let rowHeight = 18
  /// Changes at one instant are drawn this far apart (SVG units; 4 px at the 8× a finding's link
  /// zooms to) in event order, so that a slice that starts as another ends, or two popovers
  /// shown at once, show their order and overlap. At most ``burstSteps`` steps: a long burst
  /// is not drawn past the events after it.
  static let burstStep = 0.5
  static let burstSteps = 8

  /// Where `time`, `burst` changes into its instant, is drawn (SVG units).
  static func x(_ time: Double, burst: Int, scale: Double) -> Double {
    time * scale + Double(min(burst, burstSteps)) * burstStep
  }

  let title: String
  let summary: Summary
  /// The index of the sessions.
  let sessions: [SessionEntry]
  /// Its rows, written as markup (``SessionEntry/writeRow(to:)``).
  let sessionRows: String
  let css = ReportTemplate.css
  let script = ReportTemplate.script
  /// The sessions' parts of the page, in order.
  private let sessionPages: Spool

  /// Waits for `builder`'s last session to be laid out.
  /// - Parameter suppressed: findings the configuration suppressed (left out of the page).
  init(builder: ReportBuilder, files: Int, suppressed: Int = 0, input: String) {
    title = "traceq report · \(input)"
    let pages = builder.finish()
    sessions = pages.entries
    sessionRows = sessions.reduce(into: MarkupBytes()) { $1.writeRow(to: &$0) }.text
    sessionPages = pages.markup
    let findings = builder.tally.values.reduce(0) { $0 + $1.count }
    let crashes = sessions.compactMap(\.exception)
    summary = Summary(
      totals: [
        Plural.count(files, "trace file"), Plural.count(sessions.count, "session"),
        Plural.count(builder.events, "event"), Plural.count(findings, "finding"),
      ].joined(separator: " · ") + (suppressed > 0 ? " (\(suppressed) suppressed by the configuration)" : ""),
      rules: builder.tally.map { RuleRow(rule: $0.key, severity: $0.value.severity.rawValue, count: $0.value.count) }
        .sorted { ($0.rank, -$0.count, $0.rule) < ($1.rank, -$1.count, $1.rule) },
      crashes: crashes,
      crashSummary: "UIKit raised an exception in \(Plural.count(crashes.count, "session")), where the app ends",
      groupRows: pages.groups.sorted.reduce(into: MarkupBytes()) { GroupRow($1).writeRow(to: &$0) }.text,
      ungrouped: pages.groups.ungrouped > 0
        ? "\(Plural.count(pages.groups.ungrouped, "more finding")) in further groups are not listed." : nil,
      builds: Set(sessions.map(\.build)).filter { !$0.isEmpty }.sorted())
  }

  /// Writes the page: the summary and the index, the sessions' parts, the footer.
  func write(to output: ReportOutput) throws {
    output.write(try ReportHTMLText.template(ReportTemplate.head).render(self))
    sessionPages.write(utf8: output.write(utf8:))
    output.write(try ReportHTMLText.template(ReportTemplate.foot).render(self))
  }

  /// A session in the index at the top of the page, and the heading of its part.
  struct SessionEntry {
    let anchor: String
    /// The session's number in the report (from 1).
    let number: Int
    let heading: String
    let meta: String
    /// The app build the header names ("" when it names none), the rules and the severities of
    /// its findings: what the filters match.
    let build: String
    let rules: String
    let severities: String
    /// "2 ▲ 1 ◆": its findings by severity.
    let counts: String
    /// Where UIKit raised an exception (set once the findings are laid out).
    var exception: Exception?

    init(_ section: ReportBuilder.SessionSection, index: Int) {
      let session = section.session
      anchor = "s\(index)"
      number = index
      heading = "Session \(session.ordinal) · \(session.title.isEmpty ? "untitled" : session.title)"
      build = session.header.build ?? ""
      rules = section.rules.sorted().joined(separator: " ")
      severities = Severity.allCases.filter { section.severityCounts[$0] != nil }.map(\.rawValue)
        .joined(separator: " ")
      counts = Severity.allCases.reversed().compactMap { severity in
        section.severityCounts[severity].map { "\($0) \(severity.shape)" }
      }.joined(separator: " ")
      meta = [
        "\(session.file):\(session.line)", Plural.count(section.events, "event"), ReportPage.duration(section.end),
        Plural.count(section.findingCount, "finding"),
      ].joined(separator: " · ")
    }
  }

  struct Summary {
    /// "1 trace file · 2 sessions · 340 events · 3 findings".
    let totals: String
    let rules: [RuleRow]
    /// Where UIKit raised an exception, per session that has one.
    let crashes: [Exception]
    let crashSummary: String
    /// The triage table's rows: findings by rule, app's controller and message shape, written
    /// as markup (``GroupRow/writeRow(to:)``).
    let groupRows: String
    let ungrouped: String?
    /// The app builds the sessions name, for the filter.
    let builds: [String]
  }

  /// A row of the triage table.
  struct GroupRow {
    let rule: String
    let severity: String
    let shape: String
    let controller: String
    let message: String
    let count: Int
    let sessionCount: Int
    /// The numbers of the first sessions that have the group's findings, linked to.
    let sessions: [Int]
    let moreSessions: String?

    init(_ group: FindingGroups.Group) {
      rule = group.key.rule
      severity = group.severity.rawValue
      shape = group.severity.shape
      controller = group.key.controller.isEmpty ? "—" : group.key.controller
      message = group.key.shape
      count = group.count
      sessionCount = group.sessions.count
      self.sessions = Array(group.sessions.prefix(8))
      moreSessions = group.sessions.count > 8 ? "+\(group.sessions.count - 8)" : nil
    }
  }

  struct RuleRow {
    let rule: String
    let severity: String
    let count: Int
    var rank: Int { ["error", "warning", "note"].firstIndex(of: severity) ?? 3 }
  }

  struct Exception {
    let session: String
    let location: String
    let message: String
    let anchor: String
  }
}
