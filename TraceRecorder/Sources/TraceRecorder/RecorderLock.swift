#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// A mutex with a condition, for the recorder's buffer: held only while an event is copied in
/// or a chunk changes hands, never while compressing or writing. A pthread mutex rather than
/// `Synchronization.Mutex`, which needs iOS 18.
final class RecorderLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    #if canImport(Darwin)
      pthread_cond_init(condition, nil)
    #else
      var attributes = pthread_condattr_t()
      pthread_condattr_init(&attributes)
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      pthread_cond_init(condition, &attributes)
      pthread_condattr_destroy(&attributes)
    #endif
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  @inline(__always) func lock() { pthread_mutex_lock(mutex) }
  @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }

  /// Wakes the thread waiting in ``wait(untilUptime:)``. Call with the lock held.
  func signal() { pthread_cond_broadcast(condition) }

  /// Waits, with the lock held, for ``signal()`` or until the monotonic clock reads
  /// `deadline` nanoseconds; wakes early without reason now and then, as conditions do.
  func wait(untilUptime deadline: UInt64) {
    #if canImport(Darwin)
      // Darwin's conditions time out on the wall clock only: wait for the remaining interval.
      let now = MonotonicClock.nanoseconds()
      guard deadline > now else { return }
      let remaining = deadline - now
      var interval = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
      pthread_cond_timedwait_relative_np(condition, mutex, &interval)
    #else
      var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
      pthread_cond_timedwait(condition, mutex, &time)
    #endif
  }

  /// Waits, with the lock held, for ``signal()``.
  func wait() { pthread_cond_wait(condition, mutex) }
}

/// The monotonic clock, in nanoseconds: it never jumps with the wall clock.
enum MonotonicClock {
  @inline(__always) static func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}
