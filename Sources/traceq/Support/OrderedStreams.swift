import Foundation
import TraceModel
import TraceSupport

/// Runs `produce` for the items `0..<count` on up to `jobs` threads and hands what each one
/// sends to the calling thread in item order: the earliest unfinished item's messages as they
/// come, a later item's once those before it are done.
///
/// Each item's messages wait in a channel of at most `capacity`; a producer that runs ahead
/// of the item being delivered waits when its channel is full. A thread that finished its item
/// starts the next one while an earlier item is still running (a large file does not hold the
/// other cores idle), up to `2 × jobs` items started and not yet delivered. Memory is bounded by
/// `2 × jobs × capacity` messages, whatever the size of the inputs.
enum OrderedStreams {
  /// How many messages of one item may wait to be delivered (half of what one item per job could
  /// keep when items ran only `jobs` ahead: the memory bound stays the same).
  static let defaultCapacity = 8192

  /// - Parameters:
  ///   - produce: does item `index`'s work, sending messages as it goes; returns its outcome.
  ///   - begin: called before item `index`'s first message.
  ///   - receive: item `index`'s next message.
  ///   - finish: item `index`'s outcome, after its last message.
  ///   - onFull: called on item `index`'s thread when it waits for room in its channel (tests).
  static func run<Message: Sendable, Outcome: Sendable>(
    count: Int, jobs: Int, capacity: Int = defaultCapacity, onFull: (@Sendable (_ index: Int) -> Void)? = nil,
    produce: @escaping @Sendable (_ index: Int, _ send: (Message) -> Void) -> Outcome,
    begin: (Int) -> Void, receive: (Int, Message) -> Void, finish: (Int, Outcome) -> Void
  ) {
    guard jobs > 1, count > 1 else {
      for index in 0..<count {
        begin(index)
        finish(index, produce(index) { receive(index, $0) })
      }
      return
    }
    let channels = (0..<count).map { index in
      BoundedChannel<Message, Outcome>(capacity: capacity, onFull: onFull.map { onFull in { onFull(index) } })
    }
    let running = DispatchSemaphore(value: jobs)
    let undelivered = DispatchSemaphore(value: 2 * jobs)
    let queue = DispatchQueue(label: "traceq.streams", attributes: .concurrent)
    let starter = Thread {
      for index in 0..<count {
        undelivered.wait()
        running.wait()
        queue.async {
          channels[index].close(produce(index) { channels[index].send($0) })
          running.signal()
        }
      }
    }
    starter.start()
    for index in 0..<count {
      begin(index)
      while true {
        let (messages, outcome) = channels[index].receiveAll()
        for message in messages { receive(index, message) }
        if let outcome {
          undelivered.signal()
          finish(index, outcome)
          break
        }
      }
    }
  }
}
