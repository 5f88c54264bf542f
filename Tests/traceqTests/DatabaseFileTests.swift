import Foundation
import TestSupport
import Testing

/// The database is a regular file: anything else at its path (a FIFO SQLite would wait on
/// forever, a directory, a device) is refused at once, in one line, with status 2.
@Suite("The database is a regular file")
struct DatabaseFileTests {
  static let commands: [[String]] = [
    ["query", "SELECT 1"], ["check"], ["report", "-o", "r.html"], ["export", "--perfetto", "t.json"],
    ["ingest", "t.ndjson.gz"],
  ]

  /// Runs `traceq arguments…`, stopping it after `seconds`; nil when it had to be stopped.
  static func run(_ arguments: [String], in directory: String, seconds: Double = 30) throws -> CommandRunner.Result? {
    let (process, output, error) = try CommandRunner(directory: directory).start(arguments)
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    guard !process.isRunning else {
      // SIGKILL: the test runner's children may inherit a mask that blocks SIGTERM.
      kill(process.processIdentifier, SIGKILL)
      _ = CommandRunner.finish(process, output, error)
      return nil
    }
    return CommandRunner.finish(process, output, error)
  }

  @Test("a FIFO as the database is refused by every command that opens one", arguments: commands)
  func fifo(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Fixture.write(TraceText.lines([TraceText.header()] + TraceText.events(3)), to: directory.file("t.ndjson.gz"))
    #expect(mkfifo(directory.file("d.db"), 0o644) == 0)
    let arguments = [command[0], "--db", "d.db"] + command.dropFirst()
    guard let result = try Self.run(arguments, in: directory.path) else {
      Issue.record("traceq \(arguments.joined(separator: " ")) waited on the FIFO and had to be stopped")
      return
    }
    #expect(result.status == 2, "\(result.error)")
    #expect(
      result.error
        == "error: the database d.db is a FIFO (named pipe), not a regular file: name a SQLite database file\n",
      "\(result.error)")
  }

  @Test("a directory as the database is refused")
  func directory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("d.db"), withIntermediateDirectories: false)
    let result = try CommandRunner(directory: directory.path).run(["query", "--db", "d.db", "SELECT 1"])
    #expect(result.status == 2)
    #expect(result.error.contains("d.db is a directory, not a regular file"), "\(result.error)")
  }
}
