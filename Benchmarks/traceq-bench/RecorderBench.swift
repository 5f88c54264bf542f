import Foundation
import TraceRecorder

import enum TraceModel.Compression
// The reader's compressor times the writer's work; the recorder's own names win elsewhere.
import class TraceReading.CompressingWriter

/// `traceq-bench recorder [events]`: what TraceRecorder costs an app. The calling thread's time
/// per call (each call timed, the clock's own cost subtracted), the bytes each call and each
/// record takes on disk (an answer a controller already gave is not written again), and how many
/// records a second the writer thread compresses and writes.
enum RecorderBench {
  private final class Controller {}
  private final class Navigation {}

  static func run(events: Int) throws -> String {
    let directory = NSTemporaryDirectory() + "traceq-bench-recorder-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let clock = clockCost()
    let calls = try callingThread(events: events, directory: directory + "/calls")
    let writer = try writerThroughput(events: events, directory: directory + "/writer")
    func ns(_ value: Double) -> String { String(format: "%.0f ns", value) }
    return """
      | recorder, \(events / 1000)k events | value |
      | --- | --- |
      | calling thread, ns/event p50 | \(ns(calls.p50 - clock)) |
      | calling thread, ns/event p99 | \(ns(calls.p99 - clock)) |
      | calling thread, events/s (mean) | \(String(format: "%.1f M", 1e3 / max(1, calls.mean - clock))) |
      | dropped while timing | \(calls.dropped) |
      | records written per call | \(String(format: "%.3f", Double(calls.records) / Double(events))) |
      | on disk, bytes/event (gzip level 1) | \(String(format: "%.2f", calls.bytes / Double(events - calls.dropped))) |
      | on disk, bytes/record (gzip level 1) | \(String(format: "%.2f", calls.bytes / Double(calls.records))) |
      | writer thread, records/s (gzip level 1) | \(String(format: "%.2f M", writer.gzip / 1e6)) |
      | writer thread, records/s (uncompressed) | \(String(format: "%.2f M", writer.plain / 1e6)) |

      The clock's own cost per reading (\(ns(clock))) is subtracted from each timed call.
      """
  }

  /// A typical mix: appearance callbacks, a push, orientation answers, a console line.
  private static func record(_ index: Int, _ recorder: TraceRecorder, _ vcs: [Controller], _ nav: Navigation) {
    let vc = vcs[index & (vcs.count - 1)]
    switch index & 7 {
    case 0: recorder.push(vc, on: nav, animated: true)
    case 1: recorder.viewWillDisappear(vcs[(index + 1) & (vcs.count - 1)], animated: true)
    case 2: recorder.viewWillAppear(vc, animated: true)
    case 3: recorder.supportedInterfaceOrientations(vc, .allButUpsideDown)
    case 4: recorder.viewDidDisappear(vcs[(index + 1) & (vcs.count - 1)], animated: true)
    case 5: recorder.viewDidAppear(vc, animated: true)
    case 6: recorder.shouldAutorotate(vc, true)
    default: recorder.deviceOrientation(.portrait)
    }
  }

  /// Times every call, in bursts of 1,000 with a pause after each, at the pace of a busy app,
  /// so that the writer keeps up and nothing is dropped.
  private static func callingThread(events: Int, directory: String) throws
    -> (p50: Double, p99: Double, mean: Double, dropped: Int, records: Int, bytes: Double)
  {
    let recorder = try TraceRecorder.start(
      SessionHeader(idiom: .phone, osText: "17.4", app: "bench"),
      configuration: RecorderConfiguration(directory: URL(fileURLWithPath: directory)))
    let vcs = (0..<64).map { _ in Controller() }
    let nav = Navigation()
    var samples = [UInt64](repeating: 0, count: events)
    for index in 0..<events {
      let start = now()
      record(index, recorder, vcs, nav)
      samples[index] = now() - start
      if index % 1000 == 999 { usleep(1000) }
    }
    recorder.stop()
    let statistics = recorder.statistics
    let size = (try FileManager.default.attributesOfItem(atPath: recorder.fileURL.path)[.size] as? Int) ?? 0
    samples.sort()
    let mean = Double(samples.reduce(0, +)) / Double(events)
    return (
      Double(samples[events / 2]), Double(samples[events * 99 / 100]), mean, statistics.dropped, statistics.recorded,
      Double(size)
    )
  }

  /// The writer's work alone: the recorder's own text (recorded with a buffer large enough to
  /// drop nothing) compressed and written in the recorder's chunks, timed; records per second.
  private static func writerThroughput(events: Int, directory: String) throws -> (gzip: Double, plain: Double) {
    var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory))
    configuration.compression = .none
    configuration.bufferBytes = 1 << 30
    let recorder = try TraceRecorder.start(
      SessionHeader(idiom: .phone, osText: "17.4", app: "bench"), configuration: configuration)
    let vcs = (0..<64).map { _ in Controller() }
    let nav = Navigation()
    for index in 0..<events { record(index, recorder, vcs, nav) }
    recorder.stop()
    let records = recorder.statistics.recorded
    let text = try Data(contentsOf: recorder.fileURL)
    func rate(_ compression: Compression) throws -> Double {
      let output = directory + "/out"
      let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      defer { close(descriptor) }
      let writer = CompressingWriter(compression: compression, level: 1) { bytes in
        _ = write(descriptor, bytes.baseAddress, bytes.count)
      }
      let start = now()
      try text.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let end = min(bytes.count, offset + configuration.chunkBytes)
          try writer.write(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
          offset = end
        }
      }
      try writer.finish()
      return Double(records) / (Double(now() - start) / 1e9)
    }
    return (try rate(.gzip), try rate(.none))
  }

  /// The median cost of reading the clock, subtracted from each timed call.
  private static func clockCost() -> Double {
    var samples: [UInt64] = []
    for _ in 0..<10_000 {
      let start = now()
      samples.append(now() - start)
    }
    return Double(samples.sorted()[samples.count / 2])
  }

  @inline(__always) private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}
