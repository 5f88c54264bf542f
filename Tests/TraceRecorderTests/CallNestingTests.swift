import Foundation
import Testing
@testable import TraceRecorder
@testable import TraceRecorderUIKit

private final class Controller {}

/// The per-thread count behind "the app's outermost call only".
@Suite("Call nesting")
struct CallNestingTests {
  @Test("a call nested in a call of the same event is UIKit's; of another event, or after a callback, the app's")
  func calls() {
    var seen: [String] = []
    CallNesting.call(.dismiss) { outer in
      seen.append("dismiss \(outer)")
      CallNesting.call(.dismiss) { seen.append("nested dismiss \($0)") }
      CallNesting.call(.present) { seen.append("present \($0)") }
      CallNesting.callback(Controller(), .viewWillDisappear) { _ in
        CallNesting.call(.dismiss) { seen.append("dismiss from a callback \($0)") }
      }
    }
    CallNesting.call(.dismiss) { seen.append("next dismiss \($0)") }
    #expect(
      seen == [
        "dismiss true", "nested dismiss false", "present true", "dismiss from a callback true", "next dismiss true",
      ])
  }

  @Test("a callback runs once per object and event however many hooked supers it passes through")
  func callbacks() {
    let (vc, child) = (Controller(), Controller())
    var seen: [Bool] = []
    CallNesting.callback(vc, .viewWillAppear) { outer in
      seen.append(outer)
      CallNesting.callback(vc, .viewWillAppear) { seen.append($0) }
      CallNesting.callback(child, .viewWillAppear) { seen.append($0) }
      CallNesting.callback(vc, .viewDidAppear) { seen.append($0) }
    }
    #expect(seen == [true, false, true, true])
  }

  @Test("each thread has its own count")
  func perThread() {
    final class Box: @unchecked Sendable { var records: Bool? }
    let other = DispatchSemaphore(value: 0)
    let box = Box()
    CallNesting.call(.present) { _ in
      Thread.detachNewThread {
        CallNesting.call(.present) { box.records = $0 }
        other.signal()
      }
      other.wait()
    }
    #expect(box.records == true)
  }
}
