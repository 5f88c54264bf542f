#if canImport(UIKit)
  import ObjectiveC
  import Foundation

  /// Replaces a method's implementation with a block that records and then calls the original.
  /// Not compiled on Linux; written for review on a Mac (see the README).
  enum MethodHook {
    /// Hooks `selector` of `cls`: the block `makeHook` builds from the original implementation
    /// becomes the method. When `cls` implements the method itself, its implementation is
    /// replaced (`method_setImplementation`, which returns the one it replaced atomically);
    /// when it inherits it, the hook is added to `cls` only and calls the inherited one.
    /// Returns false when `cls` does not respond to `selector` (an older iOS).
    @discardableResult
    static func hook(_ cls: AnyClass, _ selector: Selector, _ makeHook: (IMP) -> AnyObject) -> Bool {
      guard let method = class_getInstanceMethod(cls, selector) else { return false }
      let original = method_getImplementation(method)
      let hook = imp_implementationWithBlock(makeHook(original))
      if definesOwn(cls, selector) {
        method_setImplementation(method, hook)
        return true
      }
      if class_addMethod(cls, selector, hook, method_getTypeEncoding(method)) { return true }
      imp_removeBlock(hook)
      return false
    }

    /// Hooks a class method (`+[UIViewController attemptRotationToDeviceOrientation]`).
    @discardableResult
    static func hookClassMethod(_ cls: AnyClass, _ selector: Selector, _ makeHook: (IMP) -> AnyObject) -> Bool {
      guard let metaclass = object_getClass(cls) else { return false }
      return hook(metaclass, selector, makeHook)
    }

    /// True when `cls` itself (not a superclass) implements `selector`.
    static func definesOwn(_ cls: AnyClass, _ selector: Selector) -> Bool {
      var count: UInt32 = 0
      guard let methods = class_copyMethodList(cls, &count) else { return false }
      defer { free(methods) }
      for index in 0..<Int(count) where method_getName(methods[index]) == selector { return true }
      return false
    }
  }

  /// Which hooks are running on this thread, so that a call a subclass forwards to `super`
  /// (both hooked) is recorded once, by the outermost hook.
  enum HookNesting {
    private struct Frame {
      var object: UInt
      var event: UInt8
    }

    private static let capacity = 64
    private static let key: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key) { $0.deallocate() }
      return key
    }()

    /// Runs `body` inside a frame for (`object`, `event`); `outermost` is false when a hook for
    /// the same object and event is already running on this thread.
    static func run<Result>(_ object: AnyObject, _ event: UInt8, _ body: (_ outermost: Bool) -> Result) -> Result {
      let frames = stack()
      let depth = Int(frames[0].object)
      let address = UInt(bitPattern: ObjectIdentifier(object))
      var outermost = true
      if depth > 0 {
        for index in 1...depth where frames[index].object == address && frames[index].event == event {
          outermost = false
          break
        }
      }
      guard depth < capacity - 1 else { return body(outermost) }
      frames[depth + 1] = Frame(object: address, event: event)
      frames[0].object = UInt(depth + 1)
      defer { frames[0].object = UInt(depth) }
      return body(outermost)
    }

    /// This thread's frames; `frames[0].object` is the depth.
    private static func stack() -> UnsafeMutablePointer<Frame> {
      if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Frame.self) }
      let frames = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
      frames.initialize(repeating: Frame(object: 0, event: 0), count: capacity)
      pthread_setspecific(key, frames)
      return frames
    }
  }
#endif
