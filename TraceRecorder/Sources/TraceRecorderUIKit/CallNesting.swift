import TraceRecorder

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// Which hooked calls are running on this thread, so that each is recorded once: the app's own
/// call, not the calls UIKit makes while carrying it out.
///
/// - A **call** the app makes into UIKit (`dismiss`, `present`, `push`…) is recorded only when
///   no call of the same event is running on this thread, since the last callback to the app
///   began: when UIKit forwards `dismiss(animated:)` to another controller by calling the public
///   method, or one pop method calls another, only the app's outer call is recorded. A call the
///   app makes from a callback (`present` in `viewWillAppear`) is its own.
/// - A **callback** UIKit sends (`viewWillAppear:`, an answer) is recorded by the outermost hook
///   for that object and event: a subclass's hooked override calling `super`'s is recorded once.
enum CallNesting {
  private struct Frame {
    var object: UInt
    var event: UInt8
    var isCallback: Bool
  }

  /// Frames deeper than this are not tracked (they record).
  static let capacity = 64

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      pthread_key_create(&key) { $0.deallocate() }
    #else
      pthread_key_create(&key) { $0?.deallocate() }
    #endif
    return key
  }()

  /// Runs `body` inside a frame for the app's call of `event`; `records` is false when UIKit
  /// made this call while carrying out another of the same event.
  static func call<Result>(_ event: EventName, _ body: (_ records: Bool) throws -> Result) rethrows -> Result {
    let frames = stack()
    let depth = Int(frames[0].object)
    var records = true
    var index = depth
    while index >= 1, !frames[index].isCallback {
      if frames[index].event == event.rawValue {
        records = false
        break
      }
      index -= 1
    }
    return try run(Frame(object: 0, event: event.rawValue, isCallback: false), frames, depth) { try body(records) }
  }

  /// Runs `body` inside a frame for UIKit's callback `event` to `object`; `records` is false
  /// when a hook for the same object and event is already running on this thread.
  static func callback<Result>(
    _ object: AnyObject, _ event: EventName, _ body: (_ records: Bool) throws -> Result
  ) rethrows -> Result {
    let frames = stack()
    let depth = Int(frames[0].object)
    let address = UInt(bitPattern: ObjectIdentifier(object))
    var records = true
    if depth > 0 {
      for index in 1...depth
      where frames[index].isCallback && frames[index].object == address && frames[index].event == event.rawValue {
        records = false
        break
      }
    }
    return try run(Frame(object: address, event: event.rawValue, isCallback: true), frames, depth) {
      try body(records)
    }
  }

  /// The number of frames on this thread (tests).
  static var depth: Int { Int(stack()[0].object) }

  private static func run<Result>(
    _ frame: Frame, _ frames: UnsafeMutablePointer<Frame>, _ depth: Int, _ body: () throws -> Result
  ) rethrows -> Result {
    guard depth < capacity - 1 else { return try body() }
    frames[depth + 1] = frame
    frames[0].object = UInt(depth + 1)
    defer { frames[0].object = UInt(depth) }
    return try body()
  }

  /// This thread's frames; `frames[0].object` is the depth.
  private static func stack() -> UnsafeMutablePointer<Frame> {
    if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Frame.self) }
    let frames = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
    frames.initialize(repeating: Frame(object: 0, event: 0, isCallback: false), count: capacity)
    pthread_setspecific(key, frames)
    return frames
  }
}
