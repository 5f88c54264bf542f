import Foundation
import TestSupport
import Testing

/// A directory walk reads every trace it can reach and says which part of the tree it could not
/// read: no finding is missed in silence.
@Suite("Directory walks")
struct WalkTests {
  /// A trace with an error finding (exit status 1 when checked).
  static let failing = Samples.path("no-common-orientation.ndjson.gz")

  @Test("a subdirectory that cannot be read is named, and check exits 2")
  func unreadableSubdirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let manager = FileManager.default
    try manager.createDirectory(atPath: directory.file("traces/private"), withIntermediateDirectories: true)
    try Fixture.write(
      TraceText.lines([TraceText.header()] + TraceText.events(3)), to: directory.file("traces/a.ndjson.gz"))
    try manager.copyItem(atPath: Self.failing, toPath: directory.file("traces/private/b.ndjson.gz"))
    try manager.setAttributes([.posixPermissions: 0o000], ofItemAtPath: directory.file("traces/private"))
    defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.file("traces/private")) }
    // Root reads any directory: the check then runs as nobody.
    let asUser = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
    if !asUser.isEmpty, !manager.isExecutableFile(atPath: "/usr/bin/setpriv") {
      Issue.record("setpriv (util-linux) is needed to run the check as a user other than root")
      return
    }
    let check = try shell(asUser + #""$TRACEQ" check traces"#, in: directory.path)
    #expect(check.status == 2, "\(check.output)\(check.error)")
    #expect(
      check.error.contains("traces/private: error: cannot read the directory: permission denied"), "\(check.error)")
    #expect(check.output.contains("in 1 file"), "\(check.output)")
  }

  @Test("a symbolic link to a directory named on the command line is read")
  func namedLinkToDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let manager = FileManager.default
    try manager.createDirectory(atPath: directory.file("elsewhere"), withIntermediateDirectories: true)
    try manager.copyItem(atPath: Self.failing, toPath: directory.file("elsewhere/b.ndjson.gz"))
    try manager.createSymbolicLink(atPath: directory.file("more"), withDestinationPath: "elsewhere")
    let runner = CommandRunner(directory: directory.path)
    for named in ["more", "more/"] {
      let check = try runner.run(["check", named])
      #expect(check.status == 1, "\(check.output)\(check.error)")
      #expect(check.output.contains("b.ndjson.gz:2: error:"), "\(check.output)")
    }
  }

  @Test("a trace deeper than PATH_MAX is found, checked and stored")
  func deeperThanPathMax() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 25 directories of 200 bytes: a path of over 5,000 bytes, made one directory at a time.
    let name = String(repeating: "d", count: 200)
    try FileManager.default.createDirectory(atPath: directory.file("deep"), withIntermediateDirectories: false)
    defer { _ = try? shell("rm -rf deep", in: directory.path) }
    var parent = open(directory.file("deep"), O_RDONLY | O_DIRECTORY)
    for _ in 0..<25 {
      #expect(mkdirat(parent, name, 0o755) == 0)
      let child = openat(parent, name, O_RDONLY | O_DIRECTORY)
      close(parent)
      parent = child
    }
    let file = openat(parent, "deep.ndjson.gz", O_WRONLY | O_CREAT, 0o644)
    close(parent)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.failing))
    #expect(bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count)
    close(file)
    let path = "deep/" + Array(repeating: name, count: 25).joined(separator: "/") + "/deep.ndjson.gz"
    #expect(path.utf8.count > 4096)

    let runner = CommandRunner(directory: directory.path)
    let check = try runner.run(["check", "deep"])
    #expect(check.status == 1, "\(check.error)")
    #expect(check.output.contains(path + ":2: error:"), "\(check.output.suffix(300))")
    let ingest = try runner.run(["ingest", "--db", "t.db", "deep"])
    #expect(ingest.status == 0, "\(ingest.error)")
    #expect(ingest.output.contains("stored 1 file"), "\(ingest.output.suffix(300))")
  }
}
