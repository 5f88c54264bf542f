import Foundation
import Testing
import TraceModel
import TraceRecorder

private final class Screen {}
private final class Window {}

/// UIKit asks the same questions many times a second; an answer is written the first time a
/// controller gives it and when it changes, which the reader already treats as "the last
/// answer counts".
@Suite("Recorder answers")
struct AnswerDeduplicationTests {
  /// The `(vc or window, value)` of each answer record, in order.
  static func answers(_ trace: RecordedTrace) -> [String] {
    trace.records.dropFirst().compactMap { record in
      guard let event = record.json["ev"] as? String, event != "dropped", event != "console", event != "dealloc"
      else { return nil }
      let subject = record.json["vc"] as? String ?? record.json["window"] as? String ?? "main"
      let value = record.json["mask"] ?? record.json["value"] ?? record.json["orientation"] ?? "?"
      return "\(event) \(subject) \(value)"
    }
  }

  @Test("an answer is written the first time and when it changes, per controller and question")
  func writtenWhenChanged() throws {
    let (first, second) = (Screen(), Screen())
    let (a, b) = (address(first), address(second))
    let trace = try RoundTripTests.record { recorder in
      for _ in 0..<3 {
        recorder.supportedInterfaceOrientations(first, .all)
        recorder.shouldAutorotate(first, true)
        recorder.definesPresentationContext(first, false)
        recorder.preferredInterfaceOrientation(first, .portrait)
        recorder.supportedInterfaceOrientations(second, .all)
      }
      recorder.supportedInterfaceOrientations(first, .landscape)
      recorder.supportedInterfaceOrientations(first, .landscape)
      recorder.supportedInterfaceOrientations(first, .all)
      recorder.shouldAutorotate(first, false)
    }
    #expect(trace.issues.isEmpty, "\(trace.issues)")
    #expect(
      Self.answers(trace) == [
        "supportedInterfaceOrientations \(a) 30", "shouldAutorotate \(a) 1", "definesPresentationContext \(a) 0",
        "preferredInterfaceOrientation \(a) portrait", "supportedInterfaceOrientations \(b) 30",
        "supportedInterfaceOrientations \(a) 24", "supportedInterfaceOrientations \(a) 30", "shouldAutorotate \(a) 0",
      ])
  }

  @Test("the app delegate's mask is written per window when it changes")
  func windowMasks() throws {
    let window = Window()
    let trace = try RoundTripTests.record { recorder in
      recorder.windowMask(.all)
      recorder.windowMask(.all)
      recorder.windowMask(.all, window: window)
      recorder.windowMask(.all, window: window)
      recorder.windowMask(.portrait)
    }
    #expect(Self.answers(trace) == ["windowMask main 30", "windowMask \(address(window)) 30", "windowMask main 2"])
  }

  @Test("after a controller's dealloc, the next object at its address answers afresh")
  func deallocForgets() throws {
    let vc = Screen()
    let trace = try RoundTripTests.record { recorder in
      recorder.shouldAutorotate(vc, true)
      recorder.dealloc(UnsafeRawPointer(Unmanaged.passUnretained(vc).toOpaque()))
      recorder.shouldAutorotate(vc, true)
    }
    #expect(Self.answers(trace) == ["shouldAutorotate \(address(vc)) 1", "shouldAutorotate \(address(vc)) 1"])
    // Each is introduced with the class: the reader sees a new object after the dealloc.
    #expect(trace.records.dropFirst().map { $0.json["class"] as? String } == ["Screen", nil, "Screen"])
  }

  @Test("after events were dropped, answers are written again: a dropped one may be the one in effect")
  func dropsForget() throws {
    let vc = Screen()
    var dropped = 0
    let trace = try RoundTripTests.record(
      configure: {
        $0.bufferBytes = 8192
        $0.chunkBytes = 4096
      }
    ) { recorder in
      recorder.shouldAutorotate(vc, true)
      for index in 0..<50_000 { recorder.console("filling the buffer \(index)") }
      recorder.flush()
      dropped = recorder.statistics.dropped
      recorder.shouldAutorotate(vc, true)
    }
    try #require(dropped > 0, "an 8 KiB buffer kept up with 50,000 lines: the test proves nothing")
    let names = trace.records.compactMap { $0.json["ev"] as? String }.filter { $0 != "console" }
    #expect(
      names == ["shouldAutorotate", "dropped", "shouldAutorotate"]
        || names.suffix(2) == ["dropped", "shouldAutorotate"])
    #expect(Self.answers(trace).count == 2)
  }
}
