import TestSupport
import Testing

@testable import traceq

@Suite("Exit statuses")
struct ExitStatusTests {
  @Test("statuses order clean < findings < unusable; only clean ends without throwing")
  func statuses() throws {
    #expect(
      max(traceq.ExitStatus.findings, .unusable) == .unusable && max(traceq.ExitStatus.clean, .findings) == .findings)
    #expect(traceq.ExitStatus.findings(if: true) == .findings && traceq.ExitStatus.findings(if: false) == .clean)
    try traceq.ExitStatus.clean.end()
    #expect(throws: CommandFailure.self) { try traceq.ExitStatus.findings.end() }
    do {
      try traceq.ExitStatus.unusable.end()
      Issue.record("unusable ended without throwing")
    } catch {
      #expect(error.status == .unusable && error.message == nil)
    }
  }

  @Test("usage, configuration, baseline and export errors are command errors: status 2 and their whole line")
  func oneErrorModel() {
    let errors: [any CommandError] = [
      CommandFailure.usage("give trace files"),
      ConfigurationError(file: ".traceq.yml", line: 7, problem: "unknown key"),
      BaselineError(path: "b.json", problem: "not a traceq baseline"),
      ExportError.noSuchSession("a.ndjson has 1 session, not 2"),
    ]
    #expect(errors.map(\.status) == [.unusable, .unusable, .unusable, .unusable])
    #expect(
      errors.map(\.message) == [
        "error: give trace files", ".traceq.yml:7: error: unknown key", "b.json: error: not a traceq baseline",
        "error: a.ndjson has 1 session, not 2",
      ])
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
