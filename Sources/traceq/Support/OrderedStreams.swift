import Foundation

/// Runs `produce` for the items `0..<count` on up to `jobs` threads and hands what each one
/// sends to the calling thread in item order: the earliest unfinished item's messages as they
/// come, a later item's once those before it are done.
///
/// Each item's messages wait in a channel of at most `capacity`; a producer that runs ahead
/// of the item being delivered waits when its channel is full. Memory is bounded by
/// `jobs × capacity` messages, whatever the size of the inputs.
enum OrderedStreams {
  /// How many messages of one item may wait to be delivered.
  static let defaultCapacity = 16384

  /// - Parameters:
  ///   - produce: does item `index`'s work, sending messages as it goes; returns its outcome.
  ///   - begin: called before item `index`'s first message.
  ///   - receive: item `index`'s next message.
  ///   - finish: item `index`'s outcome, after its last message.
  static func run<Message: Sendable, Outcome: Sendable>(
    count: Int, jobs: Int, capacity: Int = defaultCapacity,
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
    let channels = Channels<Message, Outcome>(count: count, capacity: capacity)
    let slots = DispatchSemaphore(value: jobs)
    let queue = DispatchQueue(label: "traceq.streams", attributes: .concurrent)
    let starter = Thread {
      for index in 0..<count {
        slots.wait()
        queue.async { channels.close(index, with: produce(index) { channels.send($0, on: index) }) }
      }
    }
    starter.start()
    for index in 0..<count {
      begin(index)
      while true {
        let (messages, outcome) = channels.take(index)
        for message in messages { receive(index, message) }
        if let outcome {
          slots.signal()
          finish(index, outcome)
          break
        }
      }
    }
  }
}

/// The messages and outcomes on their way from the producers to the delivering thread.
private final class Channels<Message: Sendable, Outcome: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let capacity: Int
  private var waiting: [[Message]]
  private var outcomes: [Outcome?]

  init(count: Int, capacity: Int) {
    self.capacity = capacity
    waiting = Array(repeating: [], count: count)
    outcomes = Array(repeating: nil, count: count)
  }

  /// Waits for room in `index`'s channel, then queues `message`.
  func send(_ message: Message, on index: Int) {
    condition.lock()
    defer { condition.unlock() }
    while waiting[index].count >= capacity { condition.wait() }
    waiting[index].append(message)
    condition.broadcast()
  }

  /// Item `index` is done: `outcome` follows its last message.
  func close(_ index: Int, with outcome: Outcome) {
    condition.lock()
    defer { condition.unlock() }
    outcomes[index] = outcome
    condition.broadcast()
  }

  /// Waits for messages of `index` or its outcome, and takes what there is; the outcome comes
  /// with the last messages.
  func take(_ index: Int) -> (messages: [Message], outcome: Outcome?) {
    condition.lock()
    defer { condition.unlock() }
    while waiting[index].isEmpty && outcomes[index] == nil { condition.wait() }
    let messages = waiting[index]
    waiting[index] = []
    let outcome = outcomes[index]
    outcomes[index] = nil
    condition.broadcast()
    return (messages, outcome)
  }
}
