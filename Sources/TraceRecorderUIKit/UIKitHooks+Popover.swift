#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceModel
  import TraceRecorder
  import UIKit

  /// Hooks of UIPopoverController (deprecated since iOS 9, still what older iPad apps use), by
  /// name through the runtime so that no deprecated Swift API is referenced.
  extension UIKitHooks {
    private static var hookedDelegates: Set<ObjectIdentifier> = []

    /// `initWithContentViewController:`: recorded after, with the popover it returned.
    static func hookPopoverCreate(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        // Raw pointers: an initializer consumes its receiver and returns a retained object.
        typealias Initializer = @convention(c) (UnsafeRawPointer, Selector, UnsafeRawPointer) -> UnsafeRawPointer?
        let call = unsafeBitCast(original, to: Initializer.self)
        let block: @convention(block) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer? = { object, content in
          let popover = call(object, selector, content)
          if let popover, let recorder {
            recorder.popoverCreate(
              Unmanaged<AnyObject>.fromOpaque(popover).takeUnretainedValue(),
              content: Unmanaged<AnyObject>.fromOpaque(content).takeUnretainedValue())
          }
          return popover
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `presentPopoverFromBarButtonItem:permittedArrowDirections:animated:` and
    /// `presentPopoverFromRect:inView:permittedArrowDirections:animated:`.
    static func hookPopoverPresent(_ cls: AnyClass, _ selector: Selector, fromRect: Bool) {
      let event = EventName.popoverPresent.rawValue
      if fromRect {
        MethodHook.hook(cls, selector) { original in
          typealias Method = @convention(c) (AnyObject, Selector, CGRect, AnyObject, UInt, ObjCBool) -> Void
          let call = unsafeBitCast(original, to: Method.self)
          let block: @convention(block) (AnyObject, CGRect, AnyObject, UInt, ObjCBool) -> Void = {
            popover, rect, view, arrows, animated in
            HookNesting.run(popover, event) { outermost in
              if outermost { recorder?.popoverPresent(popover, from: .rect, arrows: Int(arrows)) }
              call(popover, selector, rect, view, arrows, animated)
            }
          }
          return unsafeBitCast(block, to: AnyObject.self)
        }
        return
      }
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, UInt, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, UInt, ObjCBool) -> Void = {
          popover, item, arrows, animated in
          HookNesting.run(popover, event) { outermost in
            if outermost { recorder?.popoverPresent(popover, from: .barButtonItem, arrows: Int(arrows)) }
            call(popover, selector, item, arrows, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `popoverControllerDidDismissPopover:` is the delegate's: `setDelegate:` hooks it on each
    /// delegate class the first time one is set.
    static func hookPopoverDelegates() {
      guard let popoverClass = NSClassFromString("UIPopoverController") else { return }
      let setDelegate = NSSelectorFromString("setDelegate:")
      let didDismiss = NSSelectorFromString("popoverControllerDidDismissPopover:")
      MethodHook.hook(popoverClass, setDelegate) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?) -> Void = { popover, delegate in
          if let delegate, let cls = object_getClass(delegate) { hookDidDismiss(cls, didDismiss) }
          call(popover, setDelegate, delegate)
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    private static func hookDidDismiss(_ cls: AnyClass, _ selector: Selector) {
      lock.lock()
      defer { lock.unlock() }
      guard hookedDelegates.insert(ObjectIdentifier(cls)).inserted else { return }
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject) -> Void = { delegate, popover in
          HookNesting.run(popover, EventName.popoverDidDismiss.rawValue) { outermost in
            if outermost { recorder?.popoverDidDismiss(popover) }
            call(delegate, selector, popover)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }
  }
#endif
