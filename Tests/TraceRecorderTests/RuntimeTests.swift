import Foundation
import TestSupport
import Testing
import TraceModel
import TraceRecorder

// Both modules name the format's types; these are the ones this file means.
import struct TraceRecorder.SessionHeader

private final class ItemsViewController {}

@Suite("Recorder runtime")
struct RuntimeTests {
  static let header = SessionHeader(idiom: .phone, osText: "17.4", app: "Runtime")

  @Test("a full buffer drops events, counts them, and dropped records account for every one")
  func dropsAreCounted() throws {
    let vc = ItemsViewController()
    var statistics = (recorded: 0, dropped: 0)
    let trace = try RoundTripTests.record(
      configure: {
        $0.bufferBytes = 8192
        $0.chunkBytes = 4096
        $0.compressionLevel = 9
      }
    ) { recorder in
      for _ in 0..<200_000 { recorder.viewWillAppear(vc, animated: true) }
      recorder.flush()
      statistics = recorder.statistics
    }
    #expect(trace.issues.isEmpty, "\(trace.issues)")
    let events = trace.eventNames.filter { $0 == .viewWillAppear }.count
    var counted = 0
    for record in trace.records {
      guard case .event(let event) = record.item, case .dropped(let count) = event.payload else { continue }
      counted += count
      #expect(record.followUps.map(\.kind) == [.eventsDropped])
    }
    #expect(statistics.dropped > 0, "a 8 KiB buffer kept up with 200,000 events: the test proves nothing")
    #expect(events == statistics.recorded)
    #expect(counted == statistics.dropped)
    #expect(events + counted == 200_000)
  }

  @Test("flush() makes everything recorded so far readable while the recorder runs")
  func flushOnDemand() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    configuration.flushInterval = 60
    let recorder = try TraceRecorder.start(Self.header, configuration: configuration)
    defer { recorder.stop() }
    for index in 0..<1000 { recorder.console("line \(index)") }
    recorder.flush()
    let trace = try RecordedTrace(recorder.fileURL)
    #expect(trace.consoleLines.count == 1000)
    #expect(trace.issues.map(\.kind) == [.truncatedStream])
  }

  @Test("without flush(), what was recorded is in the file after one flush interval")
  func flushInterval() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    configuration.flushInterval = 0.05
    let recorder = try TraceRecorder.start(Self.header, configuration: configuration)
    defer { recorder.stop() }
    recorder.console("before the interval")
    var lines: [String] = []
    let deadline = Date().addingTimeInterval(2)
    while lines.isEmpty, Date() < deadline {
      usleep(20_000)
      lines = try RecordedTrace(recorder.fileURL).consoleLines
    }
    #expect(lines == ["before the interval"])
  }

  @Test("one file per launch; the oldest files go first beyond the count and size caps")
  func caps() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    configuration.maxFiles = 3
    configuration.compression = .none
    var launched: [String] = []
    for launch in 0..<5 {
      let recorder = try TraceRecorder.start(Self.header, configuration: configuration)
      recorder.console("launch \(launch)")
      recorder.stop()
      launched.append(recorder.fileURL.lastPathComponent)
      usleep(2000)  // file names carry milliseconds
    }
    #expect(try traceFiles(in: directory.path).map(\.lastPathComponent) == Array(launched.suffix(3)))
    // A size cap smaller than two files keeps only the newest.
    configuration.maxTotalBytes = 300
    let recorder = try TraceRecorder.start(Self.header, configuration: configuration)
    recorder.console("the last launch")
    recorder.stop()
    let files = try traceFiles(in: directory.path)
    #expect(files.map(\.lastPathComponent) == [recorder.fileURL.lastPathComponent])
    #expect(try RecordedTrace(files[0]).consoleLines == ["the last launch"])
  }

  @Test("a launch's file stops growing at the size cap; the rest is counted as dropped")
  func sizeCapStopsTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    configuration.maxTotalBytes = 64 << 10
    configuration.compression = .none
    configuration.chunkBytes = 4096
    let recorder = try TraceRecorder.start(Self.header, configuration: configuration)
    for index in 0..<10_000 {
      recorder.console("a line long enough to fill the file quickly, number \(index)")
      if index % 500 == 0 { recorder.flush() }
    }
    recorder.stop()
    let size = try #require(try FileManager.default.attributesOfItem(atPath: recorder.fileURL.path)[.size] as? Int)
    #expect(size <= configuration.maxTotalBytes + configuration.chunkBytes)
    let trace = try RecordedTrace(recorder.fileURL)
    #expect(trace.issues.isEmpty, "\(trace.issues)")
    #expect(trace.consoleLines.count + recorder.statistics.dropped == 10_000)
  }

  @Test("calls after stop() are ignored")
  func afterStop() throws {
    let trace = try RoundTripTests.record { recorder in
      recorder.console("kept")
      recorder.stop()
      recorder.console("ignored")
    }
    #expect(trace.consoleLines == ["kept"])
  }
}
