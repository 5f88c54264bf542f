import Replay
import TraceModel

/// One session's part of the page: its heading, timeline and findings, written when the
/// session ends (``ReportBuilder``, ``SessionView/write(to:)``), so that the page holds one
/// session at a time.
extension ReportPage {
  /// One session: its heading, the tracks' labels, the SVG's shapes and the findings.
  struct SessionView {
    /// What the index shows of it, and its heading.
    let entry: SessionEntry
    let height: Int
    let labels: [Label]
    let ticks: [Tick]
    let rows: [Row]
    /// The slices, as SVG.
    let rects: MarkupBytes
    let markers: [Marker]
    let findings: [FindingView]
    let omitted: [String]

    init(_ section: ReportBuilder.SessionSection, index: Int) {
      let session = section.session
      var entry = SessionEntry(section, index: index)
      let span = max(section.end, ReportPage.minimumSpan)
      let scale = ReportPage.width / span
      let tracks = ReportPage.drawnTracks(section)
      var labels = [Label(name: "findings", kind: "findings")]
      var rects = MarkupBytes()
      for (row, track) in tracks.enumerated() {
        labels.append(Label(name: track.name, kind: ReportPage.kind(of: track.kind)))
        let top = (row + 1) * ReportPage.rowHeight
        for segment in track.segments {
          ReportPage.appendBar(segment, track: track.kind, top: top, scale: scale, to: &rects)
        }
      }
      self.labels = labels
      self.rects = rects
      height = labels.count * ReportPage.rowHeight
      rows = labels.indices.map { Row(y: $0 * ReportPage.rowHeight, odd: $0 % 2 == 1) }
      ticks = ReportPage.ticks(span: span)
      let findings = section.findings.enumerated().map {
        FindingView($1, file: session.file, anchor: "f\(index)-\($0 + 1)", span: span)
      }
      self.findings = findings
      markers = findings.map { Marker(finding: $0, height: labels.count * ReportPage.rowHeight) }
      entry.exception = section.exceptionLine.flatMap { line in
        findings.first { $0.line == line }.map {
          Exception(session: entry.heading, location: $0.location, message: $0.message, anchor: $0.anchor)
        }
      }
      self.entry = entry
      var omitted: [String] = []
      let hidden = section.tracks.count - tracks.count
      if hidden > 0 { omitted.append("\(hidden) more controller tracks are not drawn (the busiest are).") }
      if section.findingCount > findings.count {
        omitted.append(
          "\(section.findingCount - findings.count) more findings are not listed; `traceq check` lists all.")
      }
      self.omitted = omitted
    }
  }

  struct Label {
    let name: String
    let kind: String
  }

  struct Row {
    let y: Int
    let odd: Bool
  }

  /// A time label on the axis, placed in percent of the width so that it follows the zoom.
  struct Tick {
    let percent: String
    let x: String
    let text: String
    let minor: Bool
  }

  /// Appends a slice as an SVG rect with its title: class, place, size and times.
  static func appendBar(
    _ segment: ReportTrack.Segment, track: TimelineTrack, top: Int, scale: Double, to markup: inout MarkupBytes
  ) {
    let start = x(segment.start, burst: segment.startBurst, scale: scale)
    let end = x(segment.end, burst: segment.endBurst, scale: scale)
    let inset = min(segment.lane, 3) * 3
    let merged = segment.count > 1
    markup.append(#"<rect class=""#)
    markup.append(XMLText.attribute(merged ? "merged" : slice(segment.label, on: track)))
    markup.append(#"" x=""#)
    markup.append(number: start)
    markup.append(#"" y=""#)
    markup.append(top + 3 + inset)
    markup.append(#"" width=""#)
    markup.append(number: max(end - start, 0.05))
    markup.append(#"" height=""#)
    markup.append(rowHeight - 6 - inset)
    markup.append(#""><title>"#)
    // The title escaped piece by piece: only the label can hold markup characters.
    if merged {
      markup.append(segment.count)
      markup.append(" ")
      markup.append(XMLText.content(segment.label.isEmpty ? "slices" : segment.label))
    } else {
      markup.append(XMLText.content(segment.label))
    }
    markup.append(" · ")
    markup.append(duration: segment.start)
    markup.append(" – ")
    markup.append(duration: segment.end)
    markup.append("</title></rect>\n")
  }

  /// A finding on the timeline: a line across the tracks, and its severity's shape in the
  /// findings row (HTML placed in percent, so that the shape keeps its form at any zoom).
  struct Marker {
    let x: String
    let percent: String
    let anchor: String
    let severity: String
    let shape: String
    let title: String
    let height: Int

    init(finding: FindingView, height: Int) {
      x = finding.x
      percent = finding.percent
      anchor = finding.anchor
      severity = finding.severity
      shape = finding.shape
      title = "\(finding.location): \(finding.message) [\(finding.rule)]"
      self.height = height
    }
  }

  struct FindingView {
    let anchor: String
    let line: Int
    let location: String
    let severity: String
    /// The severity's shape (▲ ◆ ●).
    let shape: String
    let rule: String
    let message: String
    let hint: String
    /// Where it is in the app's sources, with `--source-root`.
    let source: String?
    let state: String
    let stateLine: Int
    /// The line that decided a finding about an earlier one.
    let decidedLine: Int?
    /// Where its marker is, in SVG units and in percent of the width.
    let x: String
    let percent: String

    init(_ reported: ReportBuilder.ReportedFinding, file: String, anchor: String, span: Double) {
      let finding = reported.finding
      self.anchor = anchor
      line = finding.line
      location = "\(file):\(finding.line)"
      severity = finding.severity.rawValue
      shape = finding.severity.shape
      rule = finding.ruleID
      message = finding.message
      hint = finding.hint
      source = reported.source?.described
      state = reported.state
      stateLine = reported.stateLine
      decidedLine = finding.decidedLine
      let x = ReportPage.x(reported.time, burst: reported.burst, scale: ReportPage.width / span)
      self.x = ReportPage.number(x)
      percent = ReportPage.number(x / ReportPage.width * 100)
    }
  }
}
