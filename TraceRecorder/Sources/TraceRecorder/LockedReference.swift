/// A reference shared between threads: the current recorder (set by
/// ``TraceRecorder/start(_:configuration:describeClass:)``, cleared by its ``TraceRecorder/stop()``)
/// and the hooks' current context, which hooks read on any thread. Reading and replacing a class
/// reference from two threads at once is a data race that can free the object while it is being
/// retained, so every access holds a mutex (a ``RecorderLock``: `Synchronization.Mutex` needs
/// iOS 18, the recorder supports iOS 13).
///
/// `@unchecked Sendable`: the one stored reference (itself `Sendable`) is only touched with
/// ``lock`` held.
package final class LockedReference<Object: AnyObject & Sendable>: @unchecked Sendable {
  private let lock = RecorderLock()
  private var object: Object?

  package init() {}

  /// The object, retained before the lock is let go; nil when there is none.
  package var value: Object? {
    lock.lock()
    defer { lock.unlock() }
    return object
  }

  /// Makes `object` the current one (nil: none).
  package func replace(with object: Object?) {
    lock.lock()
    defer { lock.unlock() }
    self.object = object
  }

  /// Clears the reference if it is `object` (one set later stays).
  package func clear(ifItIs object: Object) {
    lock.lock()
    defer { lock.unlock() }
    if self.object === object { self.object = nil }
  }
}
