import Foundation
import Testing
import TraceModel
import TraceRecorder

private final class Screen {}
private final class Hosting<Content> {}
private struct NoteView {}

@Suite("Recorder encoding")
struct EncodingTests {
  @Test(
    "numbers read back as written (within a microsecond)",
    arguments: [0, 0.1, -3.5, 1024, 768.25, 123_456_789.125, 1e-7, 4e15 + 0.5, 1e20, -2.5e13])
  func numbers(_ value: Double) throws {
    let vc = Screen()
    let trace = try RoundTripTests.record { $0.viewWillTransitionToSize(vc, width: value, height: -value) }
    #expect(trace.issues.isEmpty, "\(trace.issues)")
    guard case .event(let event) = trace.records.last?.item,
      case .viewWillTransitionToSize(_, let width, let height) = event.payload
    else {
      Issue.record("not read back: \(trace.records.last.map { "\($0.item)" } ?? "nothing")")
      return
    }
    let tolerance = max(1e-6, abs(value) * 1e-15)
    #expect(abs(width - value) <= tolerance && abs(height + value) <= tolerance, "\(width) \(height)")
  }

  @Test("strings keep every character: quotes, backslashes, control characters, any Unicode")
  func strings() throws {
    let texts = [
      "plain", "quote \" backslash \\ slash /", "tab\tnewline\nreturn\r", "\u{0}\u{1}\u{1F}\u{7F}",
      "é ü 漢字 🙂 \u{200D}", "",
      "Unbalanced calls to begin/end appearance transitions for <UINavigationController: 0x7f9c>.",
    ]
    let trace = try RoundTripTests.record { recorder in
      for text in texts { recorder.console(text) }
    }
    #expect(trace.issues.isEmpty, "\(trace.issues)")
    #expect(trace.consoleLines == texts)
  }

  @Test("a console line over the limit is cut at a character boundary")
  func longConsoleLine() throws {
    let text = String(repeating: "é", count: TraceRecorder.maxConsoleBytes)  // twice the limit in bytes
    let trace = try RoundTripTests.record { $0.console(text) }
    let kept = try #require(trace.consoleLines.first)
    #expect(kept.utf8.count == TraceRecorder.maxConsoleBytes)
    #expect(text.hasPrefix(kept))
  }

  @Test("a generic controller's class is written as Swift names it, generic arguments included")
  func genericClassNames() throws {
    let hosting = Hosting<NoteView>()
    let trace = try RoundTripTests.record { $0.viewWillAppear(hosting, animated: false) }
    #expect(trace.records.last?.json["class"] as? String == "Hosting<NoteView>")
  }

  @Test("a controller's class is written with its first record only, and again after its dealloc")
  func classOncePerObject() throws {
    let vc = Screen()
    let pointer = UnsafeRawPointer(Unmanaged.passUnretained(vc).toOpaque())
    let trace = try RoundTripTests.record { recorder in
      recorder.viewWillAppear(vc, animated: false)
      recorder.viewDidAppear(vc, animated: false)
      recorder.dealloc(pointer)
      recorder.viewWillAppear(vc, animated: false)
    }
    let classes = trace.records.dropFirst().map { $0.json["class"] as? String }
    #expect(classes == ["Screen", nil, nil, "Screen"])
  }
}
