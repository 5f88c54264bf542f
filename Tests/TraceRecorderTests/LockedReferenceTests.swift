import Dispatch
import Testing

@testable import TraceRecorder

@Suite("Locked reference (the current recorder and hook context)")
struct LockedReferenceTests {
  private final class Token: Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  @Test("a recorder stopped after another started leaves the later one current")
  func stopKeepsTheLaterOne() {
    let current = LockedReference<Token>()
    let first = Token(1)
    let second = Token(2)
    #expect(current.value == nil)
    current.replace(with: first)
    current.replace(with: second)
    current.clear(ifItIs: first)
    #expect(current.value === second)
    current.clear(ifItIs: second)
    #expect(current.value == nil)
  }

  @Test("threads starting, stopping and reading at once see a whole recorder or none")
  func concurrentAccess() {
    let current = LockedReference<Token>()
    let rounds = 1_500_000
    // Two threads start and stop recorders (the last reference to each goes with its stop);
    // two read the current one and use it, as hooks do.
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread < 2 {
        for round in 0..<rounds {
          let token = Token(thread * rounds + round)
          current.replace(with: token)
          current.clear(ifItIs: token)
        }
      } else {
        for _ in 0..<rounds {
          if let token = current.value { #expect(token.id >= 0 && token.id < 2 * rounds) }
        }
      }
    }
    #expect(current.value == nil)
  }
}
