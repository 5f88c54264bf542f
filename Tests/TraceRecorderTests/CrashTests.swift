import Foundation
import TestSupport
import Testing
import TraceModel

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// The recorder's promise under a crash: a process killed with SIGKILL at any point leaves a
/// file that reads back without a corrupt line, missing at most the last flush interval, and
/// holding a session `traceq check` finds nothing wrong with.
@Suite("Recorder killed")
struct CrashTests {
  static let flushMilliseconds: UInt64 = 100
  /// Time the writer thread may take past the interval to compress and write, on a busy machine.
  static let writerSlackMilliseconds: UInt64 = 150
  static let rounds = 6
  static let threads = 3

  /// `recorder-crash-child`, built next to the test bundle (and to `traceq`).
  static let child = CommandRunner.traceq.deletingLastPathComponent().appendingPathComponent("recorder-crash-child")

  @Test("SIGKILL at random points: no corrupt line, at most a flush interval lost, check silent")
  func killedAtRandom() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var random = SystemRandomNumberGenerator()
    var worstLoss: UInt64 = 0
    var checkedSteps = 0
    for round in 0..<Self.rounds {
      let before = Set(try traceFiles(in: directory.path))
      let process = Process()
      process.executableURL = Self.child
      process.arguments = [directory.path, String(Self.flushMilliseconds), String(Self.threads), "100"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      usleep(UInt32.random(in: 300_000...900_000, using: &random))
      let killedAt = Self.uptime()
      kill(process.processIdentifier, SIGKILL)
      let progress = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)

      let files = Set(try traceFiles(in: directory.path)).subtracting(before)
      try #require(files.count == 1, "round \(round): one new file per launch")
      let trace = try RecordedTrace(files.first!)
      let damage = trace.issues.filter { $0.kind != .truncatedStream && $0.kind != .incompleteLastLine }
      #expect(damage.isEmpty, "round \(round): \(damage)")
      let recorded = Set(trace.consoleLines)
      // Every step finished one flush interval (and the writer's slack) before the kill is there.
      let deadline = killedAt - (Self.flushMilliseconds + Self.writerSlackMilliseconds) * 1_000_000
      var newestKept: UInt64 = 0
      for line in progress.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count == 3, let finished = UInt64(fields[2]) else { continue }
        let kept = recorded.contains("thread \(fields[0]) step \(fields[1])")
        if kept { newestKept = max(newestKept, finished) }
        if finished <= deadline {
          checkedSteps += 1
          #expect(kept, "round \(round): thread \(fields[0]) step \(fields[1]) ended before the kill's window")
        }
      }
      if newestKept > 0 { worstLoss = max(worstLoss, killedAt - newestKept) }
    }
    #expect(checkedSteps > 0, "no step ended a flush interval before a kill: the test proved nothing")
    print(
      "recorder killed \(Self.rounds) times: at most \(worstLoss / 1_000_000) ms lost before the kill, "
        + "\(checkedSteps) steps checked")

    let check = try CommandRunner(directory: directory.path).run(["check", "--format", "json", directory.path])
    #expect(check.status == 0, "\(check.output)\(check.error)")
    let report = try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any]
    let findings = report?["findings"] as? [Any]
    #expect(findings?.isEmpty == true, "\(check.output)")
  }

  static func uptime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
