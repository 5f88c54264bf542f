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
/// file that reads back without a corrupt line, missing nothing recorded before the last
/// completed flush (flushes come every flush interval), and holding a session `traceq check`
/// finds nothing wrong with. What must survive is told by the flushes the child reports, not by
/// the clock, so a busy machine that delays the writer thread cannot fail the test.
@Suite("Recorder killed")
struct CrashTests {
  static let flushMilliseconds: UInt64 = 100
  static let rounds = 6
  static let threads = 3

  /// `recorder-crash-child`, built next to the test bundle (and to `traceq`).
  static let child = CommandRunner.traceq.deletingLastPathComponent().appendingPathComponent("recorder-crash-child")

  @Test("SIGKILL at random points: no corrupt line, nothing lost that a completed flush wrote, check silent")
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
      // Every step finished before the last flush the child saw complete is there.
      let flushes = progress.split(separator: "\n").compactMap { line -> UInt64? in
        let fields = line.split(separator: " ")
        return fields.count == 2 && fields[0] == "flushed" ? UInt64(fields[1]) : nil
      }
      let deadline = flushes.max() ?? 0
      var newestKept: UInt64 = 0
      for line in progress.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count == 3, let finished = UInt64(fields[2]) else { continue }
        let kept = recorded.contains("thread \(fields[0]) step \(fields[1])")
        if kept { newestKept = max(newestKept, finished) }
        if finished <= deadline {
          checkedSteps += 1
          #expect(kept, "round \(round): thread \(fields[0]) step \(fields[1]) ended before a completed flush")
        }
      }
      if newestKept > 0 { worstLoss = max(worstLoss, killedAt - newestKept) }
    }
    #expect(checkedSteps > 0, "no step ended before a completed flush: the test proved nothing")
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
