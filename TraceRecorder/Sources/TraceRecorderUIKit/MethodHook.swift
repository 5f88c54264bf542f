#if canImport(UIKit)
  import ObjectiveC
  import Foundation

  /// Replaces a method's implementation with a block that records and then calls the original,
  /// and puts the original back. Not compiled on Linux (see the README).
  enum MethodHook {
    /// A hook in place: enough to take it out again.
    struct Installed {
      let cls: AnyClass
      let selector: Selector
      let original: IMP
      let hook: IMP
    }

    /// Hooks `selector` of `cls`: the block `makeHook` builds from the original implementation
    /// becomes the method. When `cls` implements the method itself, its implementation is
    /// replaced (`method_setImplementation` swaps atomically); when it inherits it, the hook is
    /// added to `cls` only and calls the inherited one. Nil when `cls` does not respond to
    /// `selector` (an older iOS).
    static func hook(_ cls: AnyClass, _ selector: Selector, _ makeHook: (IMP) -> AnyObject) -> Installed? {
      guard let method = class_getInstanceMethod(cls, selector) else { return nil }
      let original = method_getImplementation(method)
      let hook = imp_implementationWithBlock(makeHook(original))
      if definesOwn(cls, selector) {
        method_setImplementation(method, hook)
        return Installed(cls: cls, selector: selector, original: original, hook: hook)
      }
      if class_addMethod(cls, selector, hook, method_getTypeEncoding(method)) {
        return Installed(cls: cls, selector: selector, original: original, hook: hook)
      }
      imp_removeBlock(hook)
      return nil
    }

    /// Hooks a class method (`+[UIViewController attemptRotationToDeviceOrientation]`).
    static func hookClassMethod(_ cls: AnyClass, _ selector: Selector, _ makeHook: (IMP) -> AnyObject) -> Installed? {
      guard let metaclass = object_getClass(cls) else { return nil }
      return hook(metaclass, selector, makeHook)
    }

    /// Puts UIKit's implementation back, unless someone hooked the method after us (taking ours
    /// out from under them would break their hook: ours then stays and passes through).
    @discardableResult
    static func restore(_ installed: Installed) -> Bool {
      guard let method = class_getInstanceMethod(installed.cls, installed.selector),
        method_getImplementation(method) == installed.hook
      else { return false }
      method_setImplementation(method, installed.original)
      return true
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
#endif
