/// The simulated main run loop: a clock in milliseconds and the work UIKit does later (the end
/// of an animation, its did- callbacks and completion blocks). The app acts between turns;
/// an app that waits for the screen to settle acts after all of it.
final class SimRunLoop {
  /// Milliseconds since the session began.
  private(set) var now = 0
  private var queue: [(time: Int, order: Int, work: () -> Void)] = []
  private var scheduled = 0

  /// Whether UIKit still has work to do (an animation is running).
  var isBusy: Bool { !queue.isEmpty }

  /// Runs `work` `delay` milliseconds from now (after the work already due then).
  func schedule(after delay: Int, _ work: @escaping () -> Void) {
    scheduled += 1
    let item = (time: now + delay, order: scheduled, work: work)
    let index = queue.firstIndex { ($0.time, $0.order) > (item.time, item.order) } ?? queue.endIndex
    queue.insert(item, at: index)
  }

  /// Moves the clock `milliseconds` on, running the work due on the way.
  func advance(by milliseconds: Int) {
    let end = now + milliseconds
    while let first = queue.first, first.time <= end {
      queue.removeFirst()
      now = max(now, first.time)
      first.work()
    }
    now = end
  }

  /// Runs everything scheduled, moving the clock to the last of it.
  func settle() {
    while let first = queue.first {
      queue.removeFirst()
      now = max(now, first.time)
      first.work()
    }
  }

  /// Drops the work not done (the app crashed).
  func abandon() { queue.removeAll() }
}
