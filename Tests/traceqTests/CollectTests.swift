import Foundation
import TestSupport
import Testing
import TraceModel

@Suite("traceq collect")
struct CollectTests {
  /// An app container as `simctl get_app_container … data` shows it, with two launches recorded.
  static func container(in directory: TemporaryDirectory) throws -> String {
    let folder = directory.file("Container/Library/Caches/traceq")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let double = TraceText.lines([
      TraceText.header(idiom: "pad", os: "7.0"), #"{"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}"#,
      #"{"ev":"popoverPresent","popover":"0xd4"}"#, #"{"ev":"popoverCreate","popover":"0xd6","vc":"0xe7"}"#,
      #"{"ev":"popoverPresent","popover":"0xd6"}"#,
    ])
    try Fixture.write(double, to: folder + "/trace-20261123T101500.000Z-41.ndjson.gz")
    try Fixture.write(TraceText.lines([TraceText.header()]), to: folder + "/trace-20261123T101600.000Z-42.ndjson.gz")
    try Data("not a trace".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    return directory.file("Container")
  }

  @Test("--from a container copies its recorder files into a folder check reads")
  func fromContainer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let container = try Self.container(in: directory)
    let runner = CommandRunner(directory: directory.path)
    let collect = try runner.run(["collect", "--from", container, "collected"])
    #expect(collect.status == 0, "\(collect.error)")
    #expect(collect.output.contains("copied 2 trace files into collected"))
    let copied = try FileManager.default.contentsOfDirectory(atPath: directory.file("collected")).sorted()
    #expect(copied == ["trace-20261123T101500.000Z-41.ndjson.gz", "trace-20261123T101600.000Z-42.ndjson.gz"])
    let check = try runner.run(["check", "--format", "json", "collected"])
    #expect(check.status == 1)
    #expect(check.output.contains("double-presented-popover"))
    // Again: the copies are replaced, not duplicated.
    #expect(try runner.run(["collect", "--from", container + "/Library/Caches/traceq", "collected"]).status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("collected")).count == 2)
  }

  @Test("no trace files, or an unreadable source, exits 2 with one error line")
  func nothingToCollect() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    try FileManager.default.createDirectory(atPath: directory.file("empty"), withIntermediateDirectories: true)
    let empty = try runner.run(["collect", "--from", "empty", "out"])
    #expect(empty.status == 2)
    #expect(empty.error.hasPrefix("error: no trace files"))
    let missing = try runner.run(["collect", "--from", "missing", "out"])
    #expect(missing.status == 2)
    #expect(missing.error.hasPrefix("error: cannot read"))
    #expect(try runner.run(["collect", "out"]).status == 2)
  }

  #if !os(macOS)
    @Test("the simulator route explains that it needs Xcode's tools and exits 2")
    func simulatorNeedsXcode() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let result = try CommandRunner(directory: directory.path).run(["collect", "--bundle-id", "com.example.App"])
      #expect(result.status == 2)
      #expect(result.error.contains("xcrun simctl") && result.error.contains("--from"))
      #expect(result.error.split(separator: "\n").count == 1)
    }
  #endif
}
