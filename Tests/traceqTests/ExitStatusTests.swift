import TestSupport
import Testing

@testable import traceq

@Suite("Exit statuses")
struct ExitStatusTests {
  @Test("a run's status maps to clean, findings or unusable; only clean ends without throwing")
  func statuses() throws {
    #expect(ExitStatus(status: 0) == .clean && ExitStatus(status: 1) == .findings)
    #expect(ExitStatus(status: 2) == .unusable && ExitStatus(status: 70) == .unusable)
    try ExitStatus.clean.end()
    #expect(throws: CommandFailure.self) { try ExitStatus.findings.end() }
    do {
      try ExitStatus.unusable.end()
      Issue.record("unusable ended without throwing")
    } catch {
      #expect(error.status == .unusable && error.message == nil)
    }
  }

  @Test("a setup error ends the command with status 2 and its one error line")
  func setupError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let runner = CommandRunner(directory: directory.path)
    let result = try runner.run(["check", "--disable", "no-such-rule", "x.ndjson"])
    #expect(result.status == 2)
    #expect(result.error.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 1, "\(result.error)")
  }
}
