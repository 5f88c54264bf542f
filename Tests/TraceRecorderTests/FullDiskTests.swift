import Foundation
import TestSupport
import Testing
import TraceModel

// Both modules name the format's types; these are the ones this file means.
import struct TraceRecorder.SessionHeader

@testable import TraceRecorder

private final class Screen {}

#if os(Linux)
  @Suite("Recorder on a full disk")
  struct FullDiskTests {
    // A recorder that waited for the disk would never return from `flush()`: the time limit (the
    // shortest Swift Testing has, generous for 20,000 events) turns that hang into a failure
    // without timing a busy machine.
    @Test(
      "a disk that refuses every write: the app goes on, every event is counted as dropped",
      .timeLimit(.minutes(1)))
    func fullDisk() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let name = "trace-full.ndjson.gz"
      try FileManager.default.createSymbolicLink(atPath: directory.file(name), withDestinationPath: "/dev/full")
      var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
      configuration.bufferBytes = 16384
      configuration.chunkBytes = 4096
      let recorder = try TraceRecorder(
        SessionHeader(idiom: .phone), configuration: configuration, describeClass: ClassDescription.init(of:),
        fileName: name)
      let vc = Screen()
      for _ in 0..<20_000 { recorder.viewWillAppear(vc, animated: true) }
      recorder.flush()
      recorder.stop()
      let statistics = recorder.statistics
      #expect(statistics.recorded + statistics.dropped == 20_000)
      #expect(statistics.dropped > 0)
      #expect(recorder.file.failure == ENOSPC)
    }
  }
#endif
