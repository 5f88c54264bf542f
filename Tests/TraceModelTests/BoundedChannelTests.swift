import Foundation
import Testing

@testable import TraceModel
@testable import TraceSupport

@Suite("Bounded channel")
struct BoundedChannelTests {
  @Test("values arrive in order, then the ending")
  func ordered() {
    let channel = BoundedChannel<Int, String>(capacity: 4)
    let producer = Thread {
      for value in 0..<1000 { channel.send(value) }
      channel.close("done")
    }
    producer.start()
    var received: [Int] = []
    while case .value(let value) = channel.receive() { received.append(value) }
    #expect(received == Array(0..<1000))
    guard case .end(let ending) = channel.receive() else { return #expect(Bool(false), "the ending stays") }
    #expect(ending == "done")
  }

  @Test("a value the consumer took is released, even while the producer always stays ahead")
  func releasesTakenValues() {
    final class Tracked {}
    let channel = BoundedChannel<Tracked, Void>(capacity: 2)
    var taken: [Weak] = []
    // Single-threaded, the producer keeps one value waiting ahead of every receive, as a fast
    // decoder does: the queue never runs empty.
    channel.send(Tracked())
    for _ in 0..<500 {
      channel.send(Tracked())
      guard case .value(let value) = channel.receive() else { return #expect(Bool(false), "a value waits") }
      taken.append(Weak(value))
    }
    #expect(taken.filter { $0.object != nil }.count == 0, "the channel keeps taken values alive")
  }

  private struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  @Test("a producer waits while the bytes in flight would pass the capacity")
  func boundedInBytes() {
    let full = DispatchSemaphore(value: 0)
    let channel = BoundedChannel<[UInt8], Void>(capacity: 1000, cost: \.count, onFull: { full.signal() })
    let sent = Counter()
    let producer = Thread {
      for _ in 0..<10 {
        channel.send([UInt8](repeating: 1, count: 300))
        sent.increment()
      }
      channel.close(())
    }
    producer.start()
    full.wait()
    // Three values of 300 bytes fit in 1000; the fourth waits until one is taken.
    #expect(channel.costInFlight == 900)
    #expect(sent.value == 3)
    guard case .value(let first) = channel.receive() else { return #expect(Bool(false)) }
    #expect(first.count == 300)
    full.wait()
    #expect(channel.costInFlight == 900)
    #expect(sent.value == 4)
    while case .value = channel.receive() {}
    #expect(sent.value == 10)
  }

  @Test("a value larger than the capacity passes alone instead of waiting forever")
  func oversized() {
    let channel = BoundedChannel<[UInt8], Void>(capacity: 10, cost: \.count)
    #expect(channel.send([UInt8](repeating: 0, count: 100)))
    #expect(channel.costInFlight == 100)
    guard case .value(let value) = channel.receive() else { return #expect(Bool(false)) }
    #expect(value.count == 100)
    #expect(channel.costInFlight == 0)
  }

  @Test("cancelling wakes a waiting producer, whose sends then fail")
  func cancelled() {
    let full = DispatchSemaphore(value: 0)
    let channel = BoundedChannel<Int, Void>(capacity: 1, onFull: { full.signal() })
    let results = ResultBox()
    let producer = Thread {
      results.append(channel.send(1))
      results.append(channel.send(2))
      results.append(channel.send(3))
      channel.close(())
    }
    producer.start()
    full.wait()
    channel.cancel()
    guard case .value(let first) = channel.receive() else { return #expect(Bool(false)) }
    #expect(first == 1)
    guard case .end = channel.receive() else { return #expect(Bool(false)) }
    #expect(results.values == [true, false, false])
  }
}

/// A count shared between threads.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { lock.withLock { count += 1 } }
}

/// Results collected on another thread.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Bool] = []

  var values: [Bool] { lock.withLock { stored } }

  func append(_ value: Bool) { lock.withLock { stored.append(value) } }
}
