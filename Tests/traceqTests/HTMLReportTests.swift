import Foundation
import Mustache
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("traceq report (HTML)")
struct HTMLReportTests {
  static func report(_ input: ExportInput, in directory: TemporaryDirectory) throws -> (
    status: traceq.ExitStatus, html: String
  ) {
    let path = directory.file("report.html")
    var errors: [String] = []
    let status = ExportRun(
      .htmlReport, input: input, policy: try Samples.policy(), outputPath: path, errorOutput: { errors.append($0) }
    ).execute()
    #expect(errors.isEmpty, "\(errors)")
    return (status, status == .clean ? try String(contentsOfFile: path, encoding: .utf8) : "")
  }

  /// The text between each `open` and the next `close`.
  static func pieces(of html: String, from open: String, to close: String) -> [Substring] {
    html.components(separatedBy: open).dropFirst().compactMap { piece in
      piece.range(of: close).map { piece[..<$0.upperBound] }
    }
  }

  static func occurrences(of text: String, in html: String) -> Int { html.components(separatedBy: text).count - 1 }

  /// The sessions' timelines: the text of each `<script type="text/html" class="drawing">`.
  static func drawings(in html: String) -> [Substring] {
    pieces(of: html, from: "<script type=\"text/html\" class=\"drawing\">", to: "</script>")
  }

  /// The elements a browser's parser builds as the page loads: the start tags outside the
  /// `<script>` and `<style>` elements, whose text it does not parse as markup.
  static func elementsBuiltAtLoad(_ html: String) -> Int {
    var markup = html
    for (open, close) in [("<script", "</script>"), ("<style", "</style>")] {
      markup = markup.components(separatedBy: open).enumerated().map { index, piece in
        index == 0 ? piece : String(piece.components(separatedBy: close).dropFirst().joined(separator: close))
      }.joined()
    }
    return markup.split(separator: "<").dropFirst().filter { $0.first?.isLetter == true }.count
  }

  @Test(
    "each sample's report is one self-contained page: SVG that parses, a marker and an entry per finding",
    arguments: Samples.expected.keys.sorted())
  func samples(_ name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (status, html) = try Self.report(.file(Samples.path(name)), in: directory)
    #expect(status == .clean)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    for external in ["src=", "<link", "http://", "https://", "@import"] {
      #expect(!html.contains(external), "the page loads \(external)")
    }
    let svgs = Self.pieces(of: html, from: "<svg", to: "</svg>")
    #expect(svgs.count == Self.occurrences(of: "<details class=\"session\"", in: html))
    for svg in svgs {
      let parser = XMLParser(data: Data(("<svg" + svg).utf8))
      #expect(parser.parse(), "the timeline is not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
    }
    let findings = Samples.expected[name] ?? []
    #expect(Self.occurrences(of: "class=\"marker ", in: html) == findings.count, "one marker per finding")
    #expect(Self.occurrences(of: "<li id=\"f1-", in: html) == findings.count, "one entry per finding")
    for finding in findings {
      let line = finding.split(separator: " ")[0]
      let rule = finding.split(separator: " ")[1]
      #expect(html.contains("\(Samples.path(name)):\(line)</a>: "))
      #expect(html.contains("<code>[\(rule)]</code>"))
    }
    #expect(html.utf8.count < 100_000)
  }

  @Test("the double popover: the crash is announced at the top, with the hint and the model's state there")
  func doublePopover() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sample = Samples.path("homepwner-ipad-double-camera.ndjson.gz")
    let html = try Self.report(.file(sample), in: directory).html
    let crash = try #require(Self.pieces(of: html, from: "<p class=\"crash\">", to: "</p>").first)
    #expect(crash.contains("<a href=\"#f1-2\">\(sample):16</a>"))
    #expect(crash.contains("released while still visible"))
    let entry = try #require(Self.pieces(of: html, from: "<li id=\"f1-2\"", to: "</li>").first)
    #expect(entry.contains("hint: Hold the popover controller"))
    #expect(entry.contains("model state after line 16"))
    #expect(entry.contains("0xd6 showing UIImagePickerController 0xe7: visible since line 15"))
    let labels = Self.pieces(of: html, from: "<div class=\"label", to: "</div>").map {
      $0.split(separator: ">").last ?? ""
    }
    #expect(labels.contains { $0.hasPrefix("BNRItemsViewController 0xb2") })
    #expect(labels.contains { $0.hasPrefix("popovers") })
    #expect(Self.occurrences(of: "<rect class=\"popover\"", in: html) >= 2)
    #expect(html.contains("1 trace file · 1 session · 16 events · 2 findings"))
  }

  /// The `x` and `width` of each `<rect class="kind"` in the page, in page order.
  static func rects(_ kind: String, in html: String) -> [(x: Double, width: Double)] {
    pieces(of: html, from: "<rect class=\"\(kind)\"", to: ">").map { rect in
      func value(_ name: String) -> Double {
        Double(rect.components(separatedBy: " \(name)=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "") ?? -1
      }
      return (value("x"), value("width"))
    }
  }

  @Test("events at the same instant are drawn in line order, so a 0 ms overlap shows")
  func sameInstantBurst() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = try Fixture.write(
      TraceText.lines([
        TraceText.header(),
        #"{"t":0,"ev":"setRoot","vc":"0xa1","class":"MenuViewController"}"#,
        #"{"t":1,"ev":"viewWillAppear","vc":"0xa1","animated":false}"#,
        #"{"t":1,"ev":"viewDidAppear","vc":"0xa1","animated":false}"#,
        #"{"t":1,"ev":"viewWillDisappear","vc":"0xa1","animated":false}"#,
        #"{"t":2,"ev":"viewDidDisappear","vc":"0xa1","animated":false}"#,
      ]), to: directory.file("burst.ndjson.gz"))
    let html = try Self.report(.file(trace), in: directory).html
    let appearing = try #require(Self.rects("appearing", in: html).first)
    let appeared = try #require(Self.rects("appeared", in: html).first)
    let disappearing = try #require(Self.rects("disappearing", in: html).first)
    #expect(appearing.x < appeared.x && appeared.x < disappearing.x, "\(appearing) \(appeared) \(disappearing)")
    #expect(abs(appearing.x + appearing.width - appeared.x) < 0.01, "each ends where the next starts")

    // The flagship sample: the second popover is shown (line 15) before the first is released
    // (line 16), both at 5.20 s: drawn overlapping, the second on a lane of its own.
    let sample = try Self.report(.file(Samples.path("homepwner-ipad-double-camera.ndjson.gz")), in: directory).html
    let popovers = Self.rects("popover", in: sample)
    try #require(popovers.count == 2)
    #expect(popovers[1].x < popovers[0].x + popovers[0].width, "the second starts before the first ends: \(popovers)")
    let markers = Self.pieces(of: sample, from: "<line class=\"mark error\" data-anchor=\"f1-", to: "/>")
    let xs = markers.compactMap { Double($0.components(separatedBy: "x1=\"")[1].prefix { $0 != "\"" }) }
    #expect(xs.count == 2 && xs[0] < xs[1], "the findings of lines 15 and 16 apart, in line order: \(xs)")
  }

  @Test("a finding decided by a later event shows the state at its own line, and the deciding one")
  func stateAtPremise() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let html = try Self.report(.file(Samples.path("portrait-screen-after-pop.ndjson.gz")), in: directory).html
    let entry = try #require(Self.pieces(of: html, from: "<li id=\"f1-1\"", to: "</li>").first)
    #expect(entry.contains("model state after line 25, where it happened (decided at line 30)"), "\(entry)")
    #expect(entry.contains("interface landscapeRight"), "the interface is still in landscape there: \(entry)")
  }

  @Test("report and export read what check reads: a trace, a console log and a crash report in one directory")
  func mixedDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let inputs = directory.file("inputs")
    try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Samples.path("homepwner-ipad-double-camera.ndjson.gz"), toPath: inputs + "/camera.ndjson.gz")
    try """
    2023-11-23 10:11:12.001 MyApp[812:3456] Attempt to present <UIAlertController: 0x7f9> on \
    <MyApp.HomeViewController: 0x7fa> whose view is not in the window hierarchy!

    """.write(toFile: inputs + "/xcode-session.log", atomically: true, encoding: .utf8)
    try """
    Process:             Picker [4242]

    Application Specific Information:
    *** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] \
    reached while popover is still visible.'

    """.write(toFile: inputs + "/picker.crash", atomically: true, encoding: .utf8)
    let (status, html) = try Self.report(.files([inputs]), in: directory)
    #expect(status == .clean)
    #expect(html.contains("3 trace files · 3 sessions · 18 events · 4 findings"))
    #expect(html.contains("<code>[not-in-window-hierarchy]</code>"))
    var errors: [String] = []
    let exported = ExportRun(
      .perfetto, input: .files([inputs]), policy: try Samples.policy(), outputPath: directory.file("t.json"),
      errorOutput: { errors.append($0) }
    ).execute()
    #expect(exported == .clean && errors.isEmpty, "\(errors)")
    let json = try String(contentsOfFile: directory.file("t.json"), encoding: .utf8)
    #expect(Self.occurrences(of: #""ph":"i""#, in: json) == 4, "an instant per finding")
  }

  @Test("the summary is a triage table: groups by rule, app's controller and message shape; an index; filters")
  func triage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = try Fixture.write(
      TraceText.lines(
        CheckFixtures.doubleWillAppear(vc: "0xa1") + CheckFixtures.doubleWillAppear(vc: "0xb2")
          + CheckFixtures.releasedPopover()), to: directory.file("t.ndjson.gz"))
    let html = try Self.report(.file(trace), in: directory).html
    let groups = Self.pieces(of: html, from: "<tr class=\"group\"", to: "</tr>")
    #expect(groups.count == 3, "\(groups)")
    let appearance = try #require(groups.first { $0.contains("unbalanced-appearance") })
    #expect(appearance.contains("<td>2</td><td>2: <a href=\"#s1\">1</a> <a href=\"#s2\">2</a> </td>"), "\(appearance)")
    #expect(appearance.contains("for UINavigationController #1: viewWillAppear twice"), "addresses left out")
    #expect(groups.first?.contains("data-severity=\"error\"><td class=\"error\" title=\"error\">▲</td>") == true)
    #expect(Self.occurrences(of: "<tr class=\"session-row\"", in: html) == 3)
    #expect(html.contains(#"<details class="session" id="s3" data-session="3" data-build="" "#))
    // A session's row in the index and its part carry the same attributes for the filters.
    let indexed = Self.pieces(of: html, from: "<tr class=\"session-row\"", to: ">")
    for (index, attributes) in indexed.enumerated() {
      #expect(attributes.hasPrefix(" data-session=\"\(index + 1)\" data-build=\"\" data-rules=\""), "\(attributes)")
      #expect(html.contains("<details class=\"session\" id=\"s\(index + 1)\"\(attributes)\n<summary>"), "\(attributes)")
    }
    for filter in ["rule", "severity", "session"] { #expect(html.contains(#"data-filter="\#(filter)""#)) }
    #expect(!html.contains(#"data-filter="build""#), "no build to choose from")
  }

  @Test("the triage table counts every finding of a session with more than a batch of them, in that session")
  func triageOverBatches() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let many = ReportBuilder.findingsPerBatch + 10
    let lines =
      CheckFixtures.doubleWillAppear(vc: "0xa1")
      + Array(repeating: #"{"ev":"viewWillAppear","vc":"0xa1"}"#, count: many - 1)
      + CheckFixtures.doubleWillAppear(vc: "0xb2")
    let trace = try Fixture.write(TraceText.lines(lines), to: directory.file("t.ndjson.gz"))
    let html = try Self.report(.file(trace), in: directory).html
    let groups = Self.pieces(of: html, from: "<tr class=\"group\"", to: "</tr>")
    let appearance = try #require(groups.first { $0.contains("unbalanced-appearance") })
    #expect(
      appearance.contains("<td>\(many + 1)</td><td>2: <a href=\"#s1\">1</a> <a href=\"#s2\">2</a> </td>"),
      "\(appearance)")
  }

  @Test("timelines are drawn when their session opens, and severities have a shape in the list and on the timeline")
  func lazyTimelines() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let html = try Self.report(.file(Samples.path("homepwner-ipad-double-camera.ndjson.gz")), in: directory).html
    let session = try #require(
      Self.pieces(of: html, from: "<details class=\"session\"", to: "</details>\n<footer>").first)
    let drawing = try #require(Self.drawings(in: String(session)).first)
    #expect(drawing.contains("<svg") && drawing.contains("class=\"marker error\""))
    #expect(!session.contains("<details class=\"session\" open"), "sessions start collapsed")
    #expect(Self.occurrences(of: ">▲</a>", in: String(drawing)) == 2)
    #expect(session.contains("<span class=\"severity\">▲ error</span>"))
  }

  @Test("a name in the trace cannot end a timeline's script early: it is escaped in the script's text")
  func hostileName() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = try Fixture.write(
      TraceText.lines([
        TraceText.header(),
        #"{"t":0,"ev":"setRoot","vc":"0xa1","class":"</script><!--<script>alert(1)</script>"}"#,
        #"{"t":1,"ev":"viewWillAppear","vc":"0xa1","animated":false}"#,
        #"{"t":1,"ev":"viewDidAppear","vc":"0xa1","animated":false}"#,
      ]), to: directory.file("hostile.ndjson.gz"))
    let html = try Self.report(.file(trace), in: directory).html
    let drawing = try #require(Self.drawings(in: html).first)
    #expect(drawing.contains("&lt;/script&gt;&lt;!--&lt;script&gt;alert(1)&lt;/script&gt; 0xa1</div>"))
    #expect(Self.occurrences(of: "</script>", in: html) == 2, "the timeline's end and the page script's")
    #expect(!html.contains("<!--"))
  }

  @Test("a quote that a combining mark follows is escaped: it would still end an attribute")
  func quoteWithCombiningMark() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = try Fixture.write(
      TraceText.lines([
        TraceText.header(),
        #"{"t":0,"ev":"setRoot","vc":"0xa1","class":"A\"\u0301 onmouseover=alert(1) x"}"#,
        #"{"t":1,"ev":"viewWillAppear","vc":"0xa1","animated":false}"#,
      ]), to: directory.file("quote.ndjson.gz"))
    let html = try Self.report(.file(trace), in: directory).html
    // Built outside `#expect`, whose expansion cannot spell a combining mark after a quote.
    let markedQuote = "\"" + "\u{301}"
    let escaped = "title=\"A&quot;\u{301} onmouseover=alert(1) x 0xa1\""
    #expect(html.contains(escaped))
    #expect(!html.contains(markedQuote))
  }

  @Test("a directory's traces make one page, a section per session, the crashes listed on top")
  func directory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (status, html) = try Self.report(.files([Samples.directory]), in: directory)
    #expect(status == .clean)
    let sessions = Self.occurrences(of: "<details class=\"session\"", in: html)
    #expect(sessions == Samples.expected.count)
    #expect(html.contains("\(Samples.expected.count) trace files · \(sessions) sessions"))
    let header = try #require(html.components(separatedBy: "</header>").first)
    #expect(Self.occurrences(of: "<p class=\"crash\">", in: header) == 3)
  }

  @Test("--db reports what the files report: the same page but for the input's name")
  func fromDatabase() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let sources = ["homepwner-ipad-double-camera.ndjson.gz", "flipside-unbalanced.ndjson.gz"].map(Samples.path)
    #expect(try runner.run(["ingest"] + sources).status == 0)
    let fromFiles = try Self.report(.files(sources), in: directory)
    let database = directory.file("traces.db")
    let fromDatabase = try Self.report(.database(database), in: directory)
    #expect(fromFiles.status == .clean && fromDatabase.status == .clean)
    #expect(Self.occurrences(of: database, in: fromDatabase.html) == 2, "the title and the heading")
    let named = fromDatabase.html.replacingOccurrences(of: database, with: sources.joined(separator: " "))
    #expect(named == fromFiles.html)
  }

  @Test("a 100,000-event session is drawn merged: the page stays small")
  func longSession() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let generated = try runner.run([
      "generate", "--events", "100000", "--sessions", "1", "--anomalies", "0.001", "long.ndjson.gz",
    ])
    #expect(generated.status == 0, "\(generated.error)")
    let result = try runner.run(["report", "long.ndjson.gz", "-o", "long.html"])
    #expect(result.status == 0, "\(result.error)")
    let html = try String(contentsOfFile: directory.file("long.html"), encoding: .utf8)
    #expect(html.contains("· 100000 events ·"))
    let rects = Self.occurrences(of: "<rect class=", in: html)
    #expect(rects <= (ReportPage.controllerTracks + 5) * ReportTrack.capacity)
    #expect(html.utf8.count < 8_000_000, "\(html.utf8.count) bytes")
    #expect(rects > 1_000 && Self.drawings(in: html).count == 1)
    // The timeline is built when its session opens, not as the page loads.
    #expect(Self.elementsBuiltAtLoad(html) < 3_000, "\(Self.elementsBuiltAtLoad(html)) elements")
    #expect(Self.occurrences(of: "<li id=\"f1-", in: html) <= ReportBuilder.findingsWithState)
  }

  @Test("memory is flat in the input's length: each session's part of the page is spooled as it ends")
  func flatMemory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    var peaks: [Int] = []
    var sizes: [Int] = []
    for (events, sessions) in [(30_000, 6), (300_000, 60)] {
      let generated = try runner.run([
        "generate", "--events", "\(events)", "--sessions", "\(sessions)", "--anomalies", "0.002", "t.ndjson.gz",
      ])
      #expect(generated.status == 0, "\(generated.error)")
      guard let (result, bytes) = try runner.peakMemory(["report", "t.ndjson.gz", "-o", "t.html"]) else {
        Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
        return
      }
      #expect(result.status == 0, "\(result.error)")
      peaks.append(bytes)
      sizes.append(try FileManager.default.attributesOfItem(atPath: directory.file("t.html"))[.size] as? Int ?? 0)
    }
    #expect(sizes[1] > sizes[0] * 5, "the larger page holds ten times the sessions: \(sizes)")
    #expect(peaks[1] < peaks[0] + 16 << 20, "peak memory \(peaks.map { $0 >> 20 }) MB for pages of \(sizes) bytes")
  }

  /// `value` as `Mirror` shows it to the template engine: structs as dictionaries of their
  /// stored properties, recursively; nil for an empty optional (a missing key).
  static func mirrored(_ value: Any) -> Any? {
    if let list = value as? [Any] { return list.compactMap(mirrored) }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional { return mirror.children.first.flatMap { mirrored($0.value) } }
    guard mirror.displayStyle == .struct else { return value }
    return Dictionary(
      uniqueKeysWithValues: mirror.children.compactMap { child in mirrored(child.value).map { (child.label ?? "", $0) }
      })
  }

  @Test("a session's part lists each finding with its source and deciding line; ticks reach its height")
  func sessionMarkup() throws {
    let section = ReportBuilder.SessionSection(
      session: TimelineSession(
        ordinal: 1, file: "t.ndjson", line: 1, header: SessionHeader(idiom: .pad, osText: "17.0", app: "A", build: "7"))
    )
    var track = ReportTrack(kind: .popovers)
    track.set(slot: 1, to: "popover 0xd4", at: 0.5)
    track.finish(at: 2)
    section.add(track)
    section.end = 2
    section.events = 5
    section.exceptionLine = 4
    let subject = Finding.Subject(address: "0xd4", className: "UIImagePickerController", isPopover: true)
    for (line, decided) in [(3, nil), (4, 5)] as [(Int, Int?)] {
      let finding = Finding(
        ruleID: "popover-released-while-visible", severity: .error, line: line, session: 1, message: "m <\(line)>",
        hint: "h", subjects: [subject], decidedLine: decided)
      section.findings.append(
        ReportBuilder.ReportedFinding(
          finding: finding, source: SourcePlace(file: "A.m", line: 9, className: "A"), time: 1, burst: line - 3,
          state: "s", stateLine: line))
      section.findingCount += 1
      section.severityCounts[.error, default: 0] += 1
      section.rules.insert(finding.ruleID)
    }
    var markup = MarkupBytes()
    ReportPage.SessionView(section, index: 1).write(to: &markup)
    let html = markup.text
    #expect(html.hasPrefix(#"<details class="session" id="s1" data-session="1" data-build="7""#))
    #expect(html.hasSuffix("\n</details>"))
    #expect(Self.occurrences(of: "<li id=", in: html) == 2 && html.contains("m &lt;4&gt;"))
    #expect(
      html.contains("model state after line 3</summary>")
        && html.contains("model state after line 4, where it happened (decided at line 5)</summary>"))
    #expect(Self.occurrences(of: "in the app: <code>A.m:9</code>", in: html) == 2)
    #expect(html.contains(#"<line class="tick" x1="0" x2="0" y1="0" y2="36"/>"#), "a tick reaches the session's height")
    #expect(Self.occurrences(of: #"<line class="mark error" data-anchor="f1-"#, in: html) == 2)
  }

  @Test("the page's head and foot render the same through the lookups by name as through Mirror")
  func headLookupsByName() throws {
    let builder = ReportBuilder()
    let export = TimelineExport(input: .files([Samples.directory]), policy: try Samples.policy(), errorOutput: { _ in })
    let summary = try export.run(into: builder)
    let page = ReportPage(builder: builder, files: summary.files, suppressed: 2, input: "samples")
    #expect(!page.summary.crashes.isEmpty && !page.summary.groupRows.isEmpty && page.sessions.count > 1)
    for text in [ReportTemplate.head, ReportTemplate.foot] {
      let template = try MustacheTemplate(string: text)
      let byName = template.render(page)
      #expect(byName == template.render(Self.mirrored(page) as Any))
      #expect(byName.contains("</table>") || byName.contains("</footer>"))
    }
  }

  @Test("a track merges its slices past its capacity and keeps their count")
  func merging() {
    var track = ReportTrack(kind: .controller(ObjectID(0)))
    for index in 0..<20_000 {
      let time = Double(index) / 10
      track.set(slot: 0, to: index % 2 == 0 ? "appearing" : "appeared", at: time)
    }
    track.finish(at: 2_000)
    #expect(track.segments.count <= ReportTrack.capacity)
    #expect(track.segments.reduce(0) { $0 + $1.count } == 20_000)
    #expect(track.segments.first?.start == 0 && track.segments.last?.end == 2_000)
  }

  @Test("the sessions' markup escapes as the templates do, byte by byte: a combining mark cannot hide a quote")
  func escaping() {
    let text = "a<b>&\"\u{301}'é\u{1F600}"
    var markup = MarkupBytes()
    markup.append(escaping: text)
    #expect(markup.text == "a&lt;b&gt;&amp;&quot;\u{301}&#39;é\u{1F600}")
    #expect(ReportHTMLText().escapeText(text) == markup.text)
  }

  @Test("a table row written as bytes: its attributes and cells escaped as the templates escape, each closed")
  func tableRow() {
    let hostile = "a<b>&\"\u{301}'é"
    let escaped = ReportHTMLText().escapeText(hostile)
    var markup = MarkupBytes()
    markup.appendRow(class: "kind") { row in
      row.appendAttribute("data-text", escaping: hostile)
      row.appendAttribute("data-number", -12)
    } cells: { row in
      row.appendCell(escaping: hostile)
      row.appendCell(0)
      row.appendCell(attributes: { $0.appendAttribute("title", escaping: hostile) }) { $0.append("<b>x</b>") }
      row.appendCell { _ in }
    }
    #expect(
      markup.text == """
        <tr class="kind" data-text="\(escaped)" data-number="-12"><td>\(escaped)</td><td>0</td>\
        <td title="\(escaped)"><b>x</b></td><td></td></tr>

        """)
  }

  @Test("a triage row written as bytes is the row the template engine wrote: values escaped, +N sessions")
  func groupRowAsTemplated() throws {
    let hostile = "a<b>&\"\u{301}'é </script><!--"
    var group = FindingGroups.Group(
      key: FindingGroups.Key(rule: "rule\(hostile)", controller: hostile, shape: "#1 \(hostile)"), severity: .warning)
    group.count = 12
    for sessions in [Array(1...3), Array(1...11)] {
      group.sessions = sessions
      let row = ReportPage.GroupRow(group)
      var markup = MarkupBytes()
      row.writeRow(to: &markup)
      // The head's row as its template wrote it before.
      let template = try ReportHTMLText.template(
        """
        {{#groups}}<tr class="group" data-rule="{{rule}}" data-severity="{{severity}}"><td class="{{severity}}" \
        title="{{severity}}">{{shape}}</td><td><code>{{rule}}</code></td><td>{{controller}}</td><td>{{message}}</td>\
        <td>{{count}}</td><td>{{sessionCount}}: {{#sessions}}<a href="#{{anchor}}">{{text}}</a> {{/sessions}}\
        {{moreSessions}}</td></tr>
        {{/groups}}
        """)
      var values: [String: Any] = [
        "rule": row.rule, "severity": row.severity, "shape": row.shape, "controller": row.controller,
        "message": row.message, "count": row.count, "sessionCount": row.sessionCount,
        "sessions": row.sessions.map { ["anchor": "s\($0)", "text": "\($0)"] },
      ]
      if let more = row.moreSessions { values["moreSessions"] = more }
      #expect(markup.text == template.render(["groups": [values]]))
      #expect(markup.text.contains(sessions.count > 8 ? "</a> +3</td>" : "3</a> </td>"))
    }
  }

  @Test("durations and numbers are written short")
  func formatting() {
    #expect(
      ReportPage.number(12.5) == "12.5" && ReportPage.number(0.0004) == "0" && ReportPage.number(-0.25) == "-0.25")
    #expect(ReportPage.duration(5.2) == "5.2 s" && ReportPage.duration(0.012) == "12 ms")
    #expect(ReportPage.duration(182) == "3 min 2 s" && ReportPage.duration(56_871) == "15 h 47 min")
    #expect(ReportPage.ticks(span: 5.21).filter { !$0.minor }.map(\.text) == ["0", "1 s", "2 s", "3 s", "4 s", "5 s"])
  }

  @Test("numbers keep their zeros after the point, their sign, and their size")
  func numberDigits() {
    let cases: [(Double, String)] = [
      (0.05, "0.05"), (1.005, "1.005"), (-3.07, "-3.07"), (-0.001, "-0.001"), (-0.0004, "0"), (1000, "1000"),
      (123_456_789.5, "123456789.5"), (2e12, "2000000000000"), (0.9996, "1"),
    ]
    for (value, text) in cases { #expect(ReportPage.number(value) == text, "\(value)") }
    #expect(ReportPage.duration(0.00085) == "850 µs" && ReportPage.duration(3_600 * 1e9) == "1e+09 h")
  }
}
