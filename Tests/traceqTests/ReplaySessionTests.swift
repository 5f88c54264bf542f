import Foundation
import TestSupport
import Testing

/// `replay --session N` names a session the file has, or says which it has.
@Suite("replay --session")
struct ReplaySessionTests {
  @Test(
    "a session out of range is a usage error naming the range",
    arguments: [
      ("0", "Error: --session 0 is out of range: sessions are numbered from 1"),
      ("999", "t.ndjson.gz: error: --session 999 is out of range: the file has 2 sessions (1-2)"),
      ("3", "t.ndjson.gz: error: --session 3 is out of range: the file has 2 sessions (1-2)"),
    ])
  func outOfRange(_ session: String, _ message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let text = TraceText.lines([TraceText.header()] + TraceText.events(3) + [TraceText.header()] + TraceText.events(2))
    try Fixture.write(text, to: directory.file("t.ndjson.gz"))
    let runner = CommandRunner(directory: directory.path)
    let result = try runner.run(["replay", "t.ndjson.gz", "--session", session])
    #expect(result.status == 2)
    #expect(result.output.isEmpty, "\(result.output)")
    #expect(result.error.hasPrefix(message), "\(result.error)")
    let valid = try runner.run(["replay", "t.ndjson.gz", "--session", "2"])
    #expect(valid.status == 0 && !valid.output.isEmpty, "\(valid.error)")
  }
}
