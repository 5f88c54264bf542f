#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceRecorder

  /// `dealloc` records without a `dealloc` hook: an object associated with the controller the
  /// first time UIKit is handed it is released when the controller is deallocated (the runtime
  /// releases associated objects while it destroys the object, before its memory is freed),
  /// and records the controller's address then.
  ///
  /// Not compiled on Linux; written for review on a Mac (see the README).
  final class DeallocationWatcher {
    private static var key: UInt8 = 0
    private let address: UnsafeRawPointer

    private init(_ address: UnsafeRawPointer) { self.address = address }

    deinit {
      guard let context = HookContext.current, context.features.contains(.deallocation) else { return }
      context.recorder.dealloc(address)
    }

    /// Watches `vc`, once.
    static func watch(_ vc: AnyObject) {
      guard objc_getAssociatedObject(vc, &key) == nil else { return }
      let watcher = DeallocationWatcher(UnsafeRawPointer(Unmanaged.passUnretained(vc).toOpaque()))
      objc_setAssociatedObject(vc, &key, watcher, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
  }
#endif
