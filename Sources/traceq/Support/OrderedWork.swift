import Foundation

/// Runs `work` for the items `0..<count` on up to `jobs` threads, and hands each result to
/// `deliver` on the calling thread, in item order, as soon as it and those before it are done.
/// At most `jobs` results wait to be delivered, so memory stays bounded.
enum OrderedWork {
  static func run<Result: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result, deliver: (Int, Result) throws -> Void
  ) rethrows {
    guard jobs > 1, count > 1 else {
      for index in 0..<count { try deliver(index, work(index)) }
      return
    }
    let state = SharedResults<Result>(count: count)
    let slots = DispatchSemaphore(value: jobs)
    let queue = DispatchQueue(label: "traceq.work", attributes: .concurrent)
    let starter = Thread {
      for index in 0..<count {
        slots.wait()
        if state.isCancelled { break }
        queue.async { state.store(work(index), at: index) }
      }
    }
    starter.start()
    defer {
      // If delivering fails, let the starter see the cancellation instead of waiting for a slot.
      state.cancel()
      for _ in 0..<jobs { slots.signal() }
    }
    for index in 0..<count {
      let result = state.take(index)
      slots.signal()
      try deliver(index, result)
    }
  }
}

/// Results handed from the workers to the delivering thread.
private final class SharedResults<Result: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var results: [Result?]
  private var cancelled = false

  init(count: Int) { results = Array(repeating: nil, count: count) }

  var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  func store(_ result: Result, at index: Int) {
    condition.lock()
    results[index] = result
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for the result of `index` and takes it.
  func take(_ index: Int) -> Result {
    condition.lock()
    defer { condition.unlock() }
    while results[index] == nil { condition.wait() }
    let result = results[index]!
    results[index] = nil
    return result
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.unlock()
  }
}
