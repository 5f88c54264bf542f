import Foundation
import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel

@testable import traceq

/// A Trace Event Format document as the tests read it back.
struct ExportedTrace {
  let events: [[String: Any]]

  /// Parses `path`; fails the test when it is not a JSON object holding `traceEvents`.
  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    events = try #require(object["traceEvents"] as? [[String: Any]])
  }

  func of(_ phase: String) -> [[String: Any]] { events.filter { $0["ph"] as? String == phase } }

  /// Thread names by (pid, tid).
  var trackNames: [String: String] {
    var names: [String: String] = [:]
    for event in of("M") where event["name"] as? String == "thread_name" {
      names[Self.track(event)] = (event["args"] as? [String: Any])?["name"] as? String
    }
    return names
  }

  static func track(_ event: [String: Any]) -> String { "\(event["pid"] ?? "")/\(event["tid"] ?? "")" }

  /// The slices, checked to nest: each `E` ends the innermost open `B` of its track, no
  /// earlier than it began, and no slice stays open. Returns them as (track name, name, begin, end).
  func slices() throws -> [(track: String, name: String, begin: Int64, end: Int64)] {
    let names = trackNames
    var open: [String: [(name: String, begin: Int64)]] = [:]
    var slices: [(track: String, name: String, begin: Int64, end: Int64)] = []
    for event in events {
      let track = Self.track(event)
      switch event["ph"] as? String {
      case "B":
        #expect(names[track] != nil, "a slice on the unnamed track \(track)")
        open[track, default: []].append((try #require(event["name"] as? String), try Self.ts(event)))
      case "E":
        let popped = open[track]?.popLast()
        let begun = try #require(popped, "an end without a begin on \(track)")
        let end = try Self.ts(event)
        #expect(end >= begun.begin, "\(begun.name) on \(track) ends before it begins")
        slices.append((names[track] ?? track, begun.name, begun.begin, end))
      default: break
      }
    }
    for (track, stack) in open { #expect(stack.isEmpty, "\(stack.map(\.name)) left open on \(track)") }
    return slices
  }

  static func ts(_ event: [String: Any]) throws -> Int64 {
    try #require((event["ts"] as? NSNumber)?.int64Value, "an event without ts: \(event)")
  }
}

@Suite("traceq export --perfetto")
struct PerfettoExportTests {
  static func export(_ input: ExportInput, session: Int? = nil, in directory: TemporaryDirectory) throws -> (
    status: traceq.ExitStatus, trace: ExportedTrace?, errors: [String]
  ) {
    let path = directory.file("out.json")
    var errors: [String] = []
    let status = ExportRun(
      .perfetto, input: input, session: session, policy: try Samples.policy(), outputPath: path,
      errorOutput: { errors.append($0) }
    )
    .execute()
    return (status, status == .clean ? try ExportedTrace(path: path) : nil, errors)
  }

  @Test(
    "each sample exports valid JSON whose slices nest, with an instant per finding",
    arguments: Samples.expected.keys.sorted())
  func samplesExport(_ name: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (status, exported, errors) = try Self.export(.file(Samples.path(name)), in: directory)
    #expect(status == .clean, "\(errors)")
    let trace = try #require(exported)
    let slices = try trace.slices()
    #expect(!slices.isEmpty)
    var findings: [Finding] = []
    let summary = try TraceChecker().check(
      try TraceStream(path: Samples.path(name)), onFinding: { findings.append($0) }, onIssue: { _ in })
    let instants = trace.of("i")
    #expect(instants.count == findings.count)
    for (instant, finding) in zip(instants, findings) {
      let args = try #require(instant["args"] as? [String: Any])
      #expect(args["rule"] as? String == finding.ruleID)
      #expect(args["message"] as? String == finding.message)
      #expect(args["line"] as? Int == finding.line)
      #expect(args["location"] as? String == "\(Samples.path(name)):\(finding.line)")
      #expect(trace.trackNames[ExportedTrace.track(instant)] == "findings")
    }
    let processes = trace.of("M").filter { $0["name"] as? String == "process_name" }
    #expect(processes.count == summary.sessions)
    let names = Set(trace.trackNames.values)
    #expect(names.contains("interface orientation") && names.contains("allowed orientations (effective mask)"))
  }

  @Test("the double popover: controllers on the lanes of the screen, the popovers and the crash where the trace says")
  func doublePopover() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = try #require(
      try Self.export(.file(Samples.path("homepwner-ipad-double-camera.ndjson.gz")), in: directory).trace)
    let slices = try trace.slices()
    func on(_ track: String) -> [String] {
      slices.filter { $0.track == track }.map { "\($0.name) \($0.begin)-\($0.end)" }
    }
    #expect(
      on("on screen 1") == [
        "appearing · UINavigationController 0xa1 10000-300000", "appeared · UINavigationController 0xa1 300000-5210000",
      ])
    #expect(
      on("on screen 2") == [
        "appearing · BNRItemsViewController 0xb2 20000-300000", "appeared · BNRItemsViewController 0xb2 300000-2100000",
        "disappearing · BNRItemsViewController 0xb2 2100000-2450000",
      ])
    // The detail appears while the list is still disappearing: a lane of its own.
    #expect(
      on("on screen 3") == [
        "appearing · BNRDetailViewController 0xc3 2110000-2450000",
        "appeared · BNRDetailViewController 0xc3 2450000-5210000",
      ])
    let visible = trace.of("C").filter { $0["name"] as? String == "visible popovers" }.map {
      "\($0["ts"] ?? "") \(($0["args"] as? [String: Any])?["value"] ?? "")"
    }
    #expect(visible == ["4000000 1", "5200000 2", "5200000 1", "5210000 0"], "\(visible)")
    // The second popover is presented over the first: both are slices of one track, nested.
    #expect(
      Set(on("popovers")).isSuperset(of: [
        "popover 0xd4 showing UIImagePickerController 0xe5 4000000-5200000",
        "popover 0xd6 showing UIImagePickerController 0xe7 5200000-5210000",
      ]))
    #expect(on("interface orientation") == ["portrait 0-5210000"])
    let crash = try #require(
      trace.of("i").first { ($0["args"] as? [String: Any])?["rule"] as? String == "popover-released-while-visible" })
    #expect(crash["ts"] as? Int == 5_200_000)
    #expect(crash["name"] as? String == "error: popover-released-while-visible")
  }

  @Test("a session of many controllers has a track per controller on screen at once, not per controller")
  func lanes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var lines = [#"{"traceq":1,"idiom":"phone","os":"17.0"}"#, #"{"ev":"setRoot","vc":"0x1","class":"Nav"}"#]
    for index in 0..<500 {
      let vc = String(format: "0x%x", 0x1000 + index)
      lines += [
        #"{"ev":"viewWillAppear","vc":"\#(vc)","class":"Screen"}"#, #"{"ev":"viewDidAppear","vc":"\#(vc)"}"#,
        #"{"ev":"viewWillDisappear","vc":"\#(vc)"}"#, #"{"ev":"viewDidDisappear","vc":"\#(vc)"}"#,
      ]
    }
    let path = try Fixture.write(TraceText.lines(lines), to: directory.file("many.ndjson.gz"))
    let trace = try #require(try Self.export(.file(path), in: directory).trace)
    #expect(try trace.slices().filter { $0.track == "on screen 1" }.count == 1_500)
    #expect(trace.trackNames.values.filter { $0.hasPrefix("on screen") }.count == 1)
  }

  @Test("a dismissal ends the presentations it takes down, also those of controllers the event does not name")
  func stackedDismissal() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    func callbacks(at time: String, disappearing: String, appearing: String) -> [String] {
      [
        #"{"t":\#(time),"ev":"viewWillDisappear","vc":"\#(disappearing)","animated":false}"#,
        #"{"t":\#(time),"ev":"viewWillAppear","vc":"\#(appearing)","animated":false}"#,
        #"{"t":\#(time),"ev":"viewDidDisappear","vc":"\#(disappearing)","animated":false}"#,
        #"{"t":\#(time),"ev":"viewDidAppear","vc":"\#(appearing)","animated":false}"#,
      ]
    }
    // The root presents a sheet, which presents a detail; dismissing on the root takes both down,
    // though the event names only the root (the sheet is its presented controller, the detail
    // that one's). Their callbacks come later, so only the dismissal can end the slices at 3 s.
    var lines = [
      #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
      #"{"t":0.00,"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
      #"{"t":0.01,"ev":"viewWillAppear","vc":"0xa1","animated":false}"#,
      #"{"t":0.02,"ev":"viewDidAppear","vc":"0xa1","animated":false}"#,
      #"{"t":1.00,"ev":"present","presenter":"0xa1","vc":"0xb2","class":"SheetViewController","style":"fullScreen","animated":false}"#,
    ]
    lines += callbacks(at: "1.00", disappearing: "0xa1", appearing: "0xb2")
    lines.append(
      #"{"t":2.00,"ev":"present","presenter":"0xb2","vc":"0xc3","class":"DetailViewController","style":"fullScreen","animated":false}"#
    )
    lines += callbacks(at: "2.00", disappearing: "0xb2", appearing: "0xc3")
    lines.append(#"{"t":3.00,"ev":"dismiss","vc":"0xa1","animated":false}"#)
    lines += callbacks(at: "3.50", disappearing: "0xc3", appearing: "0xa1")
    let path = try Fixture.write(TraceText.lines(lines), to: directory.file("stacked.ndjson.gz"))
    let trace = try #require(try Self.export(.file(path), in: directory).trace)
    let presentations = try trace.slices().filter { $0.track == "presentations" }
    #expect(
      Set(presentations.map { "\($0.name) ends at \($0.end)" }) == [
        "SheetViewController 0xb2 (fullScreen) ends at 3000000",
        "DetailViewController 0xc3 (fullScreen) ends at 3000000",
      ], "\(presentations)")
  }

  @Test("without t, events are 1 ms apart in line order")
  func lineOrder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Fixture.write(
      TraceText.lines([
        #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
        #"{"ev":"setRoot","vc":"0xa1","class":"MainViewController"}"#,
        #"{"ev":"viewWillAppear","vc":"0xa1","animated":false}"#,
        #"{"ev":"viewDidAppear","vc":"0xa1","animated":false}"#,
      ]), to: directory.file("no-t.ndjson.gz"))
    let trace = try #require(try Self.export(.file(path), in: directory).trace)
    let slices = try trace.slices().filter { $0.track == "on screen 1" }
    #expect(
      slices.map { "\($0.name) \($0.begin)-\($0.end)" } == [
        "appearing · MainViewController 0xa1 1000-2000", "appeared · MainViewController 0xa1 2000-2000",
      ])
  }

  @Test("--db exports what the files export: several files, several sessions with findings, one --session")
  func fromDatabase() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let generated = try runner.run([
      "generate", "--events", "3000", "--sessions", "4", "--anomalies", "0.01", "generated.ndjson.gz",
    ])
    #expect(generated.status == 0, "\(generated.error)")
    let sources = [Samples.path("container-fast-swipe.ndjson.gz"), directory.file("generated.ndjson.gz")]
    #expect(try runner.run(["ingest"] + sources).status == 0)
    let fromFiles = try runner.run(["export", "--perfetto", "-"] + sources)
    let fromDatabase = try runner.run(["export", "--perfetto", "-", "--db", "traces.db"])
    #expect(fromFiles.status == 0 && fromDatabase.status == 0, "\(fromFiles.error) \(fromDatabase.error)")
    #expect(fromFiles.output.contains("\"rule\""), "the generated sessions have findings to export")
    #expect(fromFiles.output == fromDatabase.output)
    // The generated file's third session is the database's fourth (the sample's is the first).
    let oneFromFile = try runner.run(["export", "--perfetto", "-", "--session", "3", sources[1]])
    let oneFromDatabase = try runner.run(["export", "--perfetto", "-", "--session", "4", "--db", "traces.db"])
    #expect(oneFromFile.status == 0 && oneFromFile.output == oneFromDatabase.output, "\(oneFromDatabase.error)")
  }

  @Test("a session that is not there, a missing file and an unwritable output exit 2 with one error line")
  func errors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sample = Samples.path("homepwner-ipad-double-camera.ndjson.gz")
    let absent = try Self.export(.file(sample), session: 2, in: directory)
    #expect(absent.status == .unusable && absent.errors == ["error: \(sample) has 1 session, not 2"])
    let missing = try Self.export(.file(directory.file("nope.ndjson.gz")), in: directory)
    #expect(missing.status == .unusable && missing.errors.count == 1)
    let noDatabase = try Self.export(.database(directory.file("none.db")), in: directory)
    #expect(noDatabase.status == .unusable && noDatabase.errors.count == 1)
    var errors: [String] = []
    let unwritable = ExportRun(
      .perfetto, input: .file(sample), policy: try Samples.policy(), outputPath: "/proc/traceq/out.json",
      errorOutput: { errors.append($0) }
    ).execute()
    #expect(unwritable == .unusable && errors.count == 1)
  }

  @Test("a slice that ends under another one ends and restarts the one above, so slices never cross")
  func crossingSlices() {
    var tracks = NestedSlices<String, String>()
    func edges(_ slot: Int, _ slice: String?) -> [String] {
      tracks.set("popovers", slot: slot, to: slice).map {
        switch $0 {
        case .begin(let name): "B \(name)"
        case .end: "E"
        }
      }
    }
    #expect(edges(1, "first") == ["B first"])
    #expect(edges(2, "second") == ["B second"])
    #expect(edges(1, nil) == ["E", "E", "B second"])
    #expect(edges(2, "second again") == ["E", "B second again"])
    #expect(tracks.closeAll().count == 1)
  }
}

/// `t` is any finite number the trace gives: one of 10^21 seconds must not stop an export.
@Suite("Exports of a trace with huge times")
struct HugeTimeExportTests {
  static let trace = [
    #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
    #"{"t":0,"ev":"setRoot","vc":"0xa1","class":"Root"}"#,
    #"{"t":1e21,"ev":"viewWillAppear","vc":"0xa1"}"#,
    #"{"t":1e21,"ev":"viewDidAppear","vc":"0xa1"}"#,
  ]

  /// Writes the trace into `directory`; returns its path.
  static func write(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("huge.ndjson")
    try trace.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("perfetto: the times past 64 bits of microseconds are drawn at the end of that range")
  func perfetto() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.write(in: directory)
    let (status, exported, errors) = try PerfettoExportTests.export(.file(path), in: directory)
    #expect(status == .clean, "\(errors)")
    let trace = try #require(exported)
    let times = trace.events.compactMap { event in (event["ts"] as? NSNumber).map(\.int64Value) }
    #expect(times.contains(Int64.max))
  }

  @Test("report: the page is written, the session's length in hours")
  func report() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.write(in: directory)
    let (status, html) = try HTMLReportTests.report(.file(path), in: directory)
    #expect(status == .clean)
    #expect(html.contains("2.78e+17 h"))
  }
}
