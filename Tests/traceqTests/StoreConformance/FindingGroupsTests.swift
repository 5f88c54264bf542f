import Foundation
import TestSupport
import Testing
import TraceStore

@testable import traceq

/// `traceq findings` and the `finding_groups` view give the same groups on every backend.
@Suite("Finding groups")
struct FindingGroupsTests {
  /// A session of `build` whose controllers get viewDidAppear without viewWillAppear: one
  /// unbalanced-appearance finding per class.
  static func session(build: String, os: String, idiom: String, classes: [String]) -> String {
    var lines = [#"{"traceq":1,"app":"Fleet","os":"\#(os)","idiom":"\#(idiom)","build":"\#(build)"}"#]
    lines.append(#"{"t":0,"ev":"setRoot","vc":"0x1","class":"\#(classes[0])"}"#)
    lines.append(#"{"t":0.1,"ev":"viewDidAppear","vc":"0x1","animated":false}"#)
    for (index, name) in classes.enumerated().dropFirst() {
      lines.append(#"{"t":0.2,"ev":"present","presenter":"0x1","vc":"0x\#(index + 1)","animated":false}"#)
      lines.append(#"{"t":0.3,"ev":"viewDidAppear","vc":"0x\#(index + 1)","class":"\#(name)","animated":false}"#)
    }
    return TraceText.lines(lines)
  }

  func run(_ store: ConformanceStore, _ run: (inout FindingsRun) -> Void) -> (traceq.ExitStatus, String, [String]) {
    var findings = FindingsRun(databasePath: store.location, format: .json)
    var output = ""
    var errors: [String] = []
    findings.output = { output += $0 + "\n" }
    findings.errorOutput = { errors.append($0) }
    run(&findings)
    return (findings.execute(), output, errors)
  }

  func groups(_ json: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
  }

  @Test(
    "groups by rule and class, with sessions, builds, OS versions, idioms and trends", arguments: BackendUnderTest.all)
  func findingGroups(_ backend: BackendUnderTest) throws {
    let store = try ConformanceStore(backend)
    defer { store.remove() }
    let old = try store.write(
      Self.session(build: "1.0", os: "16.0", idiom: "phone", classes: ["MainViewController"]), as: "a.ndjson.gz")
    let new = try store.write(
      Self.session(build: "2.0", os: "17.0", idiom: "pad", classes: ["MainViewController", "DetailViewController"]),
      as: "b.ndjson.gz")
    #expect(try store.ingest([old, new], checkingTo: CollectingReporter()).status == .clean)

    let all = run(store) { _ in }
    #expect(all.0 == .clean, "\(all.2)")
    let groups = try groups(all.1)
    #expect(groups.count == 2)
    let main = try #require(groups.first)
    #expect(main["rule"] as? String == "unbalanced-appearance" && main["class"] as? String == "MainViewController")
    #expect(main["sessions"] as? Int == 2 && main["files"] as? Int == 2 && main["findings"] as? Int == 2)
    #expect(main["first_build"] as? String == "1.0" && main["last_build"] as? String == "2.0")
    #expect(main["os_versions"] as? [String] == ["16.0", "17.0"] && main["idioms"] as? [String] == ["pad", "phone"])
    #expect(groups.last?["class"] as? String == "DetailViewController")

    let fresh = run(store) { $0.newIn = "2.0" }
    #expect(try self.groups(fresh.1).map { $0["class"] as? String } == ["DetailViewController"])

    let trend = run(store) { $0.sinceBuild = "2.0" }
    let trends = try self.groups(trend.1)
    #expect(trends.map { $0["class"] as? String } == ["MainViewController", "DetailViewController"])
    #expect(trends.map { ($0["trend"] as? [String: Any])?["direction"] as? String } == ["steady", "new"])

    let unknown = run(store) { $0.sinceBuild = "9.9" }
    #expect(unknown.0 == .unusable)
    #expect(unknown.2 == [#"error: no stored session is of build "9.9"; the builds stored, oldest first: 1.0, 2.0"#])

    var text = run(store) { $0.format = FindingsFormat.markdown }.1
    #expect(text.hasPrefix("| severity | rule | class |"))
    #expect(
      text.contains(
        "| warning | unbalanced-appearance | MainViewController | 2 | 2 | 2 | 1.0 → 2.0 | 16.0, 17.0 | pad, phone |"))
    text = run(store) { $0.format = FindingsFormat.text }.1
    #expect(
      text.contains(
        "warning: unbalanced-appearance in MainViewController\n  2 findings, 2 sessions, 2 files; builds 1.0 → 2.0\n"
          + "  iOS 16.0, 17.0; pad, phone\n"))

    // The command line: its options, and a build that is not stored exits 2.
    let runner = CommandRunner(directory: store.directory.path)
    let markdown = try runner.run(["findings", "--db", store.location, "--new-in", "2.0", "--format", "markdown"])
    #expect(markdown.status == 0, "\(markdown.error)")
    #expect(markdown.output.split(separator: "\n").count == 3 && markdown.output.contains("| DetailViewController |"))
    #expect(try runner.run(["findings", "--db", store.location, "--since-build", "0.1"]).status == 2)
  }

  @Test("stored classes and builds cannot forge lines or reach the terminal raw")
  func hostileValues() throws {
    let store = try ConformanceStore(.sqlite)
    defer { store.remove() }
    let trace = Self.session(build: #"1.0\nerror: forged"#, os: "17.0", idiom: "pad", classes: [#"Evil\u001b[2J"#])
    let path = try store.write(trace, as: "a.ndjson.gz")
    #expect(try store.ingest([path], checkingTo: CollectingReporter()).status == .clean)
    let text = run(store) { $0.format = .text }.1
    #expect(text.contains("unbalanced-appearance in Evil"))
    #expect(
      !text.contains("\u{1b}") && !text.split(separator: "\n").contains { $0.hasPrefix("error: forged") }, "\(text)")
  }
}
