import Foundation

/// Values on their way from one producing thread to one consuming thread, in order, with a
/// bound on what waits between them: the producer waits while the values in flight would cost
/// more than `capacity` (a count, or bytes when `cost` measures a value's bytes). A value that
/// alone costs more than the capacity passes when nothing else is waiting, so a channel never
/// deadlocks on one large value and never holds more than `capacity` plus that one value.
///
/// The producer ends the channel with ``close(_:)``, after its last value; the consumer can
/// ``cancel()`` it, after which the producer's ``send(_:)`` returns false at once. This is the
/// one queue traceq's threads talk through (the read-ahead decompressor, the ingest pipe, the
/// ordered multi-file streams).
package final class BoundedChannel<Value, Ending> {
  /// What ``receive()`` gives: the next value, or how the producer ended.
  package enum Next {
    case value(Value)
    case end(Ending)
  }

  private let condition = NSCondition()
  private let capacity: Int
  private let cost: @Sendable (Value) -> Int
  /// The values sent and not yet received start at `head`; a received slot is emptied at once,
  /// so that the channel never keeps what the consumer took.
  private var waiting: [Value?] = []
  private var head = 0
  private var inFlight = 0
  private var ending: Ending?
  private var cancelled = false
  /// Called (on the producer's thread, outside the lock) when ``send(_:)`` has to wait: lets a
  /// test see, without timing, that the bound holds.
  private let onFull: (@Sendable () -> Void)?

  /// How many taken slots may precede the first waiting value before they are dropped.
  private static var compactionThreshold: Int { 64 }

  /// - Parameters:
  ///   - capacity: the most that may wait, in `cost` units.
  ///   - cost: what a value counts against the capacity (1 unless told).
  package init(
    capacity: Int, cost: @escaping @Sendable (Value) -> Int = { _ in 1 }, onFull: (@Sendable () -> Void)? = nil
  ) {
    precondition(capacity > 0, "a channel holds something")
    self.capacity = capacity
    self.cost = cost
    self.onFull = onFull
  }

  /// The values waiting, in cost units (for tests and progress).
  package var costInFlight: Int {
    condition.lock()
    defer { condition.unlock() }
    return inFlight
  }

  // MARK: The producer's side

  /// Waits for room, then queues `value`; false (and `value` dropped) when the consumer cancelled.
  @discardableResult
  package func send(_ value: Value) -> Bool {
    let price = cost(value)
    condition.lock()
    if mustWait(price), let onFull {
      condition.unlock()
      onFull()
      condition.lock()
    }
    while mustWait(price) { condition.wait() }
    defer { condition.unlock() }
    if cancelled { return false }
    waiting.append(value)
    inFlight += price
    condition.broadcast()
    return true
  }

  private func mustWait(_ price: Int) -> Bool {
    inFlight > 0 && inFlight + price > capacity && !cancelled
  }

  /// Ends the channel: `ending` follows the last value sent.
  package func close(_ ending: Ending) {
    condition.lock()
    self.ending = ending
    condition.broadcast()
    condition.unlock()
  }

  // MARK: The consumer's side

  /// The next value, or the ending once every value is taken; waits for the producer.
  package func receive() -> Next {
    condition.lock()
    defer { condition.unlock() }
    while head == waiting.count && ending == nil { condition.wait() }
    guard head < waiting.count else { return .end(ending!) }
    let value = waiting[head]!
    waiting[head] = nil
    head += 1
    inFlight -= cost(value)
    if head == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= Self.compactionThreshold {
      // A producer that stays ahead never lets the queue empty: drop the taken slots.
      waiting.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return .value(value)
  }

  /// Every value waiting (at least one, unless the channel ended), and the ending if it came
  /// after them; waits for the producer.
  package func receiveAll() -> (values: [Value], ending: Ending?) {
    condition.lock()
    defer { condition.unlock() }
    while head == waiting.count && ending == nil { condition.wait() }
    let values = waiting[head...].map { $0! }
    waiting.removeAll(keepingCapacity: true)
    head = 0
    inFlight = 0
    condition.broadcast()
    return (values, ending)
  }

  /// Tells the producer that nothing more is wanted: its waiting and later sends return false.
  package func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }
}

// Unchecked because the compiler cannot see the lock: every `var` is touched with `condition`
// held, the `let`s are `Sendable`. The values and the ending cross threads, so they must be
// `Sendable` themselves.
extension BoundedChannel: @unchecked Sendable where Value: Sendable, Ending: Sendable {}
