#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceRecorder
  import UIKit

  /// A completion block as UIKit takes it.
  typealias Completion = @convention(block) () -> Void

  /// One hook function per ``ArgumentLayout``: each casts UIKit's implementation to the
  /// layout's C signature (`ArgumentLayout.swiftSignature`, which `HookTableTests` compares with
  /// the `@convention(c)` types below), converts the arguments, and hands them to
  /// ``HookEvents``, which decides and records. Nothing here decides what to record.
  ///
  /// Not compiled on Linux; written for review on a Mac (see the README).
  extension UIKitHooks {
    /// Installs `entry`'s hook on `cls`: the switch is exhaustive, so a new layout does not
    /// compile without its hook function.
    static func hook(_ entry: HookEntry, on cls: AnyClass) -> MethodHook.Installed? {
      guard let layout = entry.layout else { return nil }
      switch layout {
      case .plain: return hookPlain(cls, entry)
      case .bool: return hookBool(cls, entry)
      case .boolBool: return hookBoolBool(cls, entry)
      case .object: return hookObject(cls, entry)
      case .objectObject: return hookObjectObject(cls, entry)
      case .objectBool: return hookObjectBool(cls, entry)
      case .objectBoolReturnsObject: return hookObjectBoolReturnsObject(cls, entry)
      case .boolReturnsObject: return hookBoolReturnsObject(cls, entry)
      case .index: return hookIndex(cls, entry)
      case .returnsMask: return hookReturnsMask(cls, entry)
      case .returnsInteger: return hookReturnsInteger(cls, entry)
      case .returnsBool: return hookReturnsBool(cls, entry)
      case .objectObjectReturnsMask: return hookObjectObjectReturnsMask(cls, entry)
      case .orientationDuration: return hookOrientationDuration(cls, entry)
      case .orientation: return hookOrientation(cls, entry)
      case .sizeObject: return hookSizeObject(cls, entry)
      case .transition: return hookTransition(cls, entry)
      case .objectBoolCompletion: return hookObjectBoolCompletion(cls, entry)
      case .boolCompletion: return hookBoolCompletion(cls, entry)
      case .objectIndexBool: return hookObjectIndexBool(cls, entry)
      case .rectObjectIndexBool: return hookRectObjectIndexBool(cls, entry)
      case .initializer: return hookInitializer(cls, entry)
      case .dealloc: return hookDealloc(cls, entry)
      }
    }

    /// Hooks the entry's instance method, or its class method for a `classMethod` source.
    private static func method(
      _ cls: AnyClass, _ entry: HookEntry, _ makeHook: (Selector, IMP) -> AnyObject
    ) -> MethodHook.Installed? {
      let selector = NSSelectorFromString(entry.selector ?? "")
      if case .classMethod = entry.source {
        return MethodHook.hookClassMethod(cls, selector) { makeHook(selector, $0) }
      }
      return MethodHook.hook(cls, selector) { makeHook(selector, $0) }
    }

    static func hookPlain(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> Void = { receiver in
          HookEvents.plain(entry, receiver) { call(receiver, selector) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookBool(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool) -> Void = { receiver, animated in
          HookEvents.bool(entry, receiver, animated.boolValue) { call(receiver, selector, animated) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookBoolBool(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool, ObjCBool) -> Void = { receiver, first, second in
          HookEvents.boolBool(entry, receiver, first.boolValue, second.boolValue) {
            call(receiver, selector, first, second)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObject(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?) -> Void = { receiver, argument in
          HookEvents.object(entry, receiver, argument) { call(receiver, selector, argument) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObjectObject(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, AnyObject?) -> Void = { receiver, first, second in
          HookEvents.objectObject(entry, receiver, first, second) { call(receiver, selector, first, second) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObjectBool(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?, ObjCBool) -> Void = { receiver, argument, animated in
          HookEvents.objectBool(entry, receiver, argument, animated.boolValue) {
            call(receiver, selector, argument, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObjectBoolReturnsObject(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?, ObjCBool) -> AnyObject?
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?, ObjCBool) -> AnyObject? = {
          receiver, argument, animated in
          HookEvents.objectBoolReturnsObject(entry, receiver, argument, animated.boolValue) {
            call(receiver, selector, argument, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookBoolReturnsObject(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool) -> AnyObject?
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool) -> AnyObject? = { receiver, animated in
          HookEvents.boolReturnsObject(entry, receiver, animated.boolValue) { call(receiver, selector, animated) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookIndex(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, UInt) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, UInt) -> Void = { receiver, index in
          HookEvents.index(entry, receiver, index) { call(receiver, selector, index) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookReturnsMask(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector) -> UInt
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> UInt = { receiver in
          HookEvents.returnsMask(entry, receiver) { call(receiver, selector) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookReturnsInteger(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector) -> Int
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> Int = { receiver in
          HookEvents.returnsInteger(entry, receiver) { call(receiver, selector) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookReturnsBool(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector) -> ObjCBool
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> ObjCBool = { receiver in
          ObjCBool(HookEvents.returnsBool(entry, receiver) { call(receiver, selector).boolValue })
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObjectObjectReturnsMask(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, AnyObject?) -> UInt
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, AnyObject?) -> UInt = { receiver, application, window in
          HookEvents.objectObjectReturnsMask(entry, receiver, application, window) {
            call(receiver, selector, application, window)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookOrientationDuration(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, Int, Double) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, Int, Double) -> Void = { receiver, orientation, duration in
          HookEvents.orientationDuration(entry, receiver, orientation, duration) {
            call(receiver, selector, orientation, duration)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookOrientation(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, Int) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, Int) -> Void = { receiver, orientation in
          HookEvents.orientation(entry, receiver, orientation) { call(receiver, selector, orientation) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookSizeObject(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, CGSize, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, CGSize, AnyObject?) -> Void = { receiver, size, coordinator in
          HookEvents.sizeObject(entry, receiver, width: Double(size.width), height: Double(size.height)) {
            call(receiver, selector, size, coordinator)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookTransition(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method =
          @convention(c) (AnyObject, Selector, AnyObject, AnyObject, Double, UInt, AnyObject?, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, AnyObject, Double, UInt, AnyObject?, AnyObject?) -> Void =
          { parent, from, to, duration, options, animations, completion in
            HookEvents.transition(entry, parent, from: from, to: to, duration: duration) {
              call(parent, selector, from, to, duration, options, animations, completion)
            }
          }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObjectBoolCompletion(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, ObjCBool, Completion?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, ObjCBool, Completion?) -> Void = {
          presenter, presented, animated, completion in
          HookEvents.objectBoolCompletion(
            entry, presenter, presented, animated.boolValue, completion: completion.map { block in { block() } }
          ) { passed in
            call(presenter, selector, presented, animated, passed.map { closure in { closure() } as Completion })
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookBoolCompletion(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool, Completion?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool, Completion?) -> Void = { vc, animated, completion in
          HookEvents.boolCompletion(entry, vc, animated.boolValue, completion: completion.map { block in { block() } })
          {
            passed in
            call(vc, selector, animated, passed.map { closure in { closure() } as Completion })
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookObjectIndexBool(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, UInt, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, UInt, ObjCBool) -> Void = {
          popover, item, arrows, animated in
          HookEvents.objectIndexBool(entry, popover, item, arrows, animated.boolValue) {
            call(popover, selector, item, arrows, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    static func hookRectObjectIndexBool(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (AnyObject, Selector, CGRect, AnyObject, UInt, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, CGRect, AnyObject, UInt, ObjCBool) -> Void = {
          popover, rect, view, arrows, animated in
          HookEvents.rectObjectIndexBool(entry, popover, view, arrows, animated.boolValue) {
            call(popover, selector, rect, view, arrows, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// An initializer consumes its receiver and returns a retained object: raw pointers keep
    /// ARC out of that contract. Only `-[UIPopoverController initWithContentViewController:]`,
    /// which throws on an iPhone (HookTable says why it is hooked).
    static func hookInitializer(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (UnsafeRawPointer, Selector, UnsafeRawPointer) -> UnsafeRawPointer?
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer? = { object, argument in
          var initialized: UnsafeRawPointer?
          HookEvents.initializer(
            entry, Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue(),
            Unmanaged<AnyObject>.fromOpaque(argument).takeUnretainedValue()
          ) { initialized = call(object, selector, argument) }
          return initialized
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// The receiver is a raw pointer: retaining an object in its dealloc would resurrect it.
    /// Only `-[UIPopoverController dealloc]`, which throws while the popover is visible.
    static func hookDealloc(_ cls: AnyClass, _ entry: HookEntry) -> MethodHook.Installed? {
      method(cls, entry) { selector, original in
        typealias Method = @convention(c) (UnsafeRawPointer, Selector) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (UnsafeRawPointer) -> Void = { object in
          HookEvents.dealloc(entry, object) { call(object, selector) }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }
  }
#endif
