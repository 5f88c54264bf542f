import Foundation
import TestSupport
import Testing

/// A report or baseline path is written where it points: a FIFO's reader gets the report, a
/// device stays a device, a symbolic link stays a link and its target is written; only a
/// regular file is replaced.
@Suite("Output paths")
struct OutputPathTests {
  /// A directory with a trace of two findings in `t.ndjson.gz`.
  static func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let appearances = Array(repeating: #"{"ev":"viewDidAppear","vc":"0x1","class":"ItemController"}"#, count: 3)
    try Fixture.write(TraceText.lines([TraceText.header()] + appearances), to: directory.file("t.ndjson.gz"))
    return directory
  }

  static func type(_ path: String) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
  }

  @Test(
    "a FIFO given to --output, --format FORMAT:PATH or --write-baseline is written through and stays a FIFO",
    arguments: [["--output", "fifo"], ["--format", "sarif:fifo"], ["--write-baseline", "fifo"]])
  func fifo(arguments: [String]) throws {
    let directory = try Self.directory()
    defer { directory.remove() }
    // The reader gives up after 20 s: a FIFO replaced by a regular file never gets a writer.
    let script = """
      mkfifo fifo && { timeout 20 cat fifo > got & } &&
      "$TRACEQ" check \(arguments.joined(separator: " ")) t.ndjson.gz > out; status=$?; wait; exit $status
      """
    let result = try shell(script, in: directory.path)
    #expect(result.status == 0, "\(result.error)")
    var status = stat()
    #expect(stat(directory.file("fifo"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    let got = try String(contentsOfFile: directory.file("got"), encoding: .utf8)
    #expect(got.contains("unbalanced-appearance"), "\(got.prefix(200))")
  }

  @Test(
    "a symbolic link given to --output or --write-baseline stays a link, and its target gets the report",
    arguments: [["--output", "link"], ["--write-baseline", "link"]])
  func symbolicLink(arguments: [String]) throws {
    let directory = try Self.directory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("reports"), withIntermediateDirectories: true)
    try "old".write(toFile: directory.file("reports/target"), atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: "reports/target")
    let result = try CommandRunner(directory: directory.path).run(["check"] + arguments + ["t.ndjson.gz"])
    #expect(result.status == 0, "\(result.error)")
    #expect(Self.type(directory.file("link")) == .typeSymbolicLink)
    let written = try String(contentsOfFile: directory.file("reports/target"), encoding: .utf8)
    #expect(written.contains("unbalanced-appearance"), "\(written.prefix(200))")
  }

  @Test("a device given to --output stays a device (a null device made for the test)")
  func device() throws {
    let directory = try Self.directory()
    defer { directory.remove() }
    // The machine's /dev/null is left alone: a copy of it is made here, when the test may.
    guard try shell("mknod null c 1 3", in: directory.path).status == 0 else { return }
    for arguments in [["--output", "null"], ["--write-baseline", "null"]] {
      let result = try CommandRunner(directory: directory.path).run(["check"] + arguments + ["t.ndjson.gz"])
      #expect(result.status == 0, "\(result.error)")
      #expect(Self.type(directory.file("null")) == .typeCharacterSpecial, "\(arguments)")
    }
  }

  @Test("a regular file is replaced whole, and a new one created")
  func regularFile() throws {
    let directory = try Self.directory()
    defer { directory.remove() }
    try String(repeating: "x", count: 100_000).write(
      toFile: directory.file("old.txt"), atomically: false, encoding: .utf8)
    let runner = CommandRunner(directory: directory.path)
    for arguments in [["--output", "old.txt"], ["--write-baseline", "base.json"]] {
      #expect(try runner.run(["check"] + arguments + ["t.ndjson.gz"]).status == 0)
    }
    let report = try String(contentsOfFile: directory.file("old.txt"), encoding: .utf8)
    #expect(!report.contains("xxx") && report.contains("unbalanced-appearance"))
    #expect(Self.type(directory.file("base.json")) == .typeRegular)
  }
}
