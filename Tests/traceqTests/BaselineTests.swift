import Foundation
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

@Suite("Finding identity and baselines")
struct BaselineTests {
  /// The identities of the findings of `lines` written as a trace.
  static func identities(_ lines: [String], in directory: TemporaryDirectory, name: String = "t.ndjson.gz") throws
    -> [FindingIdentity]
  {
    final class Collector: FindingReporter {
      var identities: [FindingIdentity] = []
      func report(_ item: FileFinding) { identities.append(FindingIdentity(item.finding)) }
      func report(issue: IngestIssue, file: String) {}
      func finish(_ tally: FindingTally) {}
    }
    let path = try Fixture.write(TraceText.lines(lines), to: directory.file(name))
    let collector = Collector()
    _ = CheckRun(inputs: [path], policy: try Samples.policy(), reporter: collector)
      .execute()
    return collector.identities
  }

  @Test("addresses become their position among the subjects, as whole words only")
  func shape() {
    #expect(
      FindingIdentity.shape(
        "popover 0xd6 presented while popover 0xd4 (UIImagePickerController) is still visible",
        addresses: ["0xd6", "0xd4", "0xe5"])
        == "popover #1 presented while popover #2 (UIImagePickerController) is still visible")
    #expect(FindingIdentity.shape("0xd4 and 0xd45 and x0xd4", addresses: ["0xd4"]) == "#1 and 0xd45 and x0xd4")
    #expect(FindingIdentity.shape("<vc-1> beside vc-12", addresses: ["vc-1", "vc-12"]) == "<#1> beside #2")
    #expect(FindingIdentity.shape("A1 presents A1", addresses: ["A1", "A1"]) == "#1 presents #1")
    #expect(
      FindingIdentity.shape("0x7d03 was added at line 22 to 0x7c10", addresses: ["0x7d03", "0x7c10"])
        == "#1 was added at line N to #2")
    #expect(FindingIdentity.shape("é line 3, line 2é, éline 4", addresses: []) == "é line N, line 2é, éline 4")
  }

  @Test(
    "ASCII messages, shaped byte by byte, are shaped as other text is, character by character",
    arguments: [
      ("0xd40xd4 0xd4_ _0xd4 0xd4: (0xd4)", ["0xd4"], "0xd40xd4 0xd4_ _0xd4 #1: (#1)"),
      ("vc-12 and vc-1 in vc-1vc-12 vc-1-vc-1", ["vc-1", "vc-12"], "#2 and #1 in vc-1vc-12 #1-#1"),
      ("a 0xD4 is not 0xd4; A is", ["0xd4", "A"], "a 0xD4 is not #1; #2 is"),
      ("0x1 at line 7 after line 7x", ["0x1"], "#1 at line N after line 7x"),
      ("(line 22) online 3 line 4_ line  5 line 6", [], "(line N) online 3 line 4_ line  5 line N"),
    ])
  func shapeOfPlainText(_ message: String, _ addresses: [String], _ shape: String) {
    #expect(FindingIdentity.shape(message, addresses: addresses) == shape)
    // "∩" takes the shape off the byte scan: the same result, the mark kept.
    #expect(FindingIdentity.shape(message + " ∩", addresses: addresses) == shape + " ∩")
    #expect(FindingIdentity.shape(message + "\r\n", addresses: addresses) == shape + "\r\n")
  }

  @Test("a re-recording with other addresses, times and line numbers has the same identity")
  func survivesRerecording() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try Self.identities(CheckFixtures.releasedPopover(popover: "0xd4", vc: "0xe5"), in: directory)
    let padded =
      [CheckFixtures.releasedPopover(popover: "0x7f9c01", vc: "0x7f9c02")[0]]
      + [
        #"{"t":1.5,"ev":"viewWillAppear","vc":"0x99","class":"Other"}"#, #"{"t":1.6,"ev":"viewDidAppear","vc":"0x99"}"#,
      ]
      + CheckFixtures.releasedPopover(popover: "0x7f9c01", vc: "0x7f9c02").dropFirst()
    let second = try Self.identities(padded, in: directory, name: "u.ndjson.gz")
    #expect(first == second)
    #expect(first.first?.classes == ["UIPopoverController", "UIImagePickerController"])
    #expect(first.first?.message.contains("0x") == false)
  }

  @Test("a different class or rule is a different identity")
  func distinguishes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let picker = try Self.identities(CheckFixtures.releasedPopover(), in: directory)
    let other = CheckFixtures.releasedPopover().map {
      $0.replacingOccurrences(of: "UIImagePickerController", with: "ShareSheet")
    }
    let share = try Self.identities(other, in: directory, name: "u.ndjson.gz")
    #expect(picker.map(\.fingerprint) != share.map(\.fingerprint))
  }

  @Test("a written baseline reads back the same, sorted, and holds counts")
  func roundTrip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var baseline = Baseline()
    let a = FindingIdentity(rule: "unbalanced-appearance", classes: ["MainViewController"], message: "#1 twice")
    let b = FindingIdentity(rule: "did-move-missing", classes: ["?"], message: "#1 never moved")
    baseline.add(a)
    baseline.add(a)
    baseline.add(b)
    try baseline.write(to: directory.file("baseline.json"))
    let reread = try Baseline.read(directory.file("baseline.json"))
    #expect(reread == baseline)
    #expect(reread.total == 3)
    let text = try String(contentsOfFile: directory.file("baseline.json"), encoding: .utf8)
    #expect(text.range(of: "did-move-missing")!.lowerBound < text.range(of: "unbalanced-appearance")!.lowerBound)
    var remaining = reread
    let consumed = [remaining.consume(a), remaining.consume(a), remaining.consume(a), remaining.consume(b)]
    #expect(consumed == [true, true, false, true], "a third one is new")
  }

  @Test(
    "a baseline that cannot be used is an error naming the file",
    arguments: [
      (nil, "no such file; write one with --write-baseline"),
      ("not json", "not a traceq baseline"),
      ("{\"version\": 1}", "not a traceq baseline (no 'findings')"),
      ("{\"version\": 2, \"findings\": []}", "baseline version 2; this traceq reads version 1"),
      ("{\"version\": 1, \"findings\": [{\"rule\": 3}]}", "not a traceq baseline (bad 'findings[0].rule')"),
    ] as [(String?, String)])
  func unusable(_ content: String?, _ problem: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("baseline.json")
    if let content { try content.write(toFile: path, atomically: true, encoding: .utf8) }
    #expect {
      try Baseline.read(path)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("\(path): error: ") && text.contains(problem)
    }
  }

  @Test("with a baseline, only findings it does not hold are reported and fail")
  func onlyNewFindings() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let old = try Fixture.write(TraceText.lines(CheckFixtures.releasedPopover()), to: directory.file("old.ndjson.gz"))
    let policy = try Samples.policy()
    var recorded: Baseline?
    do {
      let run = CheckRun(
        inputs: [old], policy: policy, recordsBaseline: true, reporter: TextReporter(output: { _ in }),
        errorOutput: { _ in })
      let outcome = run.execute()
      #expect(outcome.status == .clean, "what a new baseline records is accepted")
      #expect(outcome.tally.baselined == 1)
      recorded = outcome.recorded
    }
    let baseline = try #require(recorded)
    #expect(baseline.total == 1)

    let (same, sameOutcome) = try CheckFixtures.report(.text, [old], baseline: baseline)
    #expect(sameOutcome.status == .clean)
    #expect(same.contains("not shown: 1 in the baseline"))

    let rerecorded = try Fixture.write(
      TraceText.lines(CheckFixtures.releasedPopover(popover: "0xa9", vc: "0xb9") + CheckFixtures.doubleWillAppear()),
      to: directory.file("new.ndjson.gz"))
    let (text, outcome) = try CheckFixtures.report(.text, [rerecorded], baseline: baseline)
    #expect(outcome.tally.baselined == 1)
    #expect(outcome.tally.count(.error) == 0 && outcome.tally.count(.warning) == 1)
    #expect(text.contains("new.ndjson.gz:8: warning: unbalanced appearance callbacks"))
    #expect(!text.contains("popover-released-while-visible"))
  }
}
