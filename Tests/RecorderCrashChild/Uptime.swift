#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// The monotonic clock the test reads too (system-wide on Linux and Darwin).
enum Uptime {
  static func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
