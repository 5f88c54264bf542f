import TraceRecorder

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

/// What the installed hooks record into: the recorder of this launch, the policy and features
/// it runs with, and the bridge to UIKit. ``current`` is nil when nothing records (never
/// started, off, or stopped): every hook then calls UIKit's implementation and nothing else.
final class HookContext: @unchecked Sendable {
  /// The context hooks record into. Safe from any thread.
  static var current: HookContext? { currentContext.value }
  private static let currentContext = LockedReference<HookContext>()

  /// Where the hooks write.
  let recorder: TraceRecorder
  /// Which classes are recorded and hooked.
  let policy: ClassPolicy
  let features: FeatureSet
  let bridge: UIKitBridge
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// ``ClassPolicy/records(_:)`` per class, decided once.
  private var recordedClasses: [ObjectIdentifier: Bool] = [:]

  /// A context writing to `recorder` with `options`' features and class policy, asking `bridge`
  /// what plain Swift cannot see.
  init(recorder: TraceRecorder, options: RecordingOptions, bridge: UIKitBridge) {
    self.recorder = recorder
    policy = options.classPolicy
    features = FeatureSet(options.features)
    self.bridge = bridge
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// Makes this context the one hooks record into (nil: none).
  static func activate(_ context: HookContext?) { currentContext.replace(with: context) }

  /// True when `entry`'s feature is on.
  @inline(__always) func isOn(_ entry: HookEntry) -> Bool { features.contains(entry.feature) }

  /// True when events about `object` are recorded (decided once per class).
  func records(_ object: AnyObject) -> Bool {
    let key = ObjectIdentifier(type(of: object))
    pthread_mutex_lock(lock)
    if let known = recordedClasses[key] {
      pthread_mutex_unlock(lock)
      return known
    }
    pthread_mutex_unlock(lock)
    let decided = policy.records(bridge.classFacts(of: object))
    pthread_mutex_lock(lock)
    recordedClasses[key] = decided
    pthread_mutex_unlock(lock)
    return decided
  }

  /// The recorder, when `entry` is on and `object` is recorded.
  @inline(__always) func recorder(_ entry: HookEntry, about object: AnyObject) -> TraceRecorder? {
    isOn(entry) && records(object) ? recorder : nil
  }

  /// A controller handed to UIKit: prepared for per-class hooks and dealloc records.
  func handed(_ vc: AnyObject) {
    bridge.prepare(vc, watchDealloc: features.contains(.deallocation))
  }
}
