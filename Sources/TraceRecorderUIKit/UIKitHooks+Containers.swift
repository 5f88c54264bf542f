#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceModel
  import TraceRecorder
  import UIKit

  /// Hooks of navigation and tab bar controllers, containment transitions and presentation.
  /// Calls are recorded before the original runs, since it sends the appearance callbacks that
  /// follow them in the trace.
  extension UIKitHooks {
    /// `pushViewController:animated:`.
    static func hookPush(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, ObjCBool) -> Void = { nav, vc, animated in
          HookNesting.run(nav, EventName.push.rawValue) { outermost in
            if outermost { activeRecorder(for: vc)?.push(vc, on: nav, animated: animated.boolValue) }
            call(nav, selector, vc, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `popViewControllerAnimated:`: the controller on top is the one popped (none when it is
    /// the root, which UIKit does not pop).
    static func hookPop(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool) -> AnyObject?
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool) -> AnyObject? = { nav, animated in
          HookNesting.run(nav, EventName.pop.rawValue) { outermost in
            if outermost, let stack = (nav as? UINavigationController)?.viewControllers {
              activeRecorder(for: nav)?.pop(
                stack.count >= 2 ? stack.last : nil, from: nav, animated: animated.boolValue)
            }
            return call(nav, selector, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// A navigation stack or a tab bar's controllers replaced: `setViewControllers:animated:` on
    /// either, and `popToViewController:animated:` / `popToRootViewControllerAnimated:` (the
    /// stack they leave).
    static func hookStackChange(_ cls: AnyClass, _ selector: Selector, _ name: String) {
      let event = EventName.setViewControllers.rawValue
      if name == "popToRootViewControllerAnimated:" {
        MethodHook.hook(cls, selector) { original in
          typealias Method = @convention(c) (AnyObject, Selector, ObjCBool) -> AnyObject?
          let call = unsafeBitCast(original, to: Method.self)
          let block: @convention(block) (AnyObject, ObjCBool) -> AnyObject? = { nav, animated in
            HookNesting.run(nav, event) { outermost in
              if outermost, let root = (nav as? UINavigationController)?.viewControllers.first {
                activeRecorder(for: nav)?.setViewControllers([root], of: nav)
              }
              return call(nav, selector, animated)
            }
          }
          return unsafeBitCast(block, to: AnyObject.self)
        }
        return
      }
      let popsTo = name == "popToViewController:animated:"
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?, ObjCBool) -> AnyObject?
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?, ObjCBool) -> AnyObject? = {
          container, argument, animated in
          HookNesting.run(container, event) { outermost in
            if outermost, let recorder = activeRecorder(for: container) {
              if popsTo, let target = argument as? UIViewController,
                let stack = (container as? UINavigationController)?.viewControllers,
                let index = stack.firstIndex(of: target)
              {
                recorder.setViewControllers(Array(stack[...index]), of: container)
              } else if !popsTo {
                recorder.setViewControllers((argument as? [UIViewController]) ?? [], of: container)
              }
            }
            return call(container, selector, argument, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `setSelectedViewController:` and `setSelectedIndex:` of UITabBarController.
    static func hookSelectTab(_ cls: AnyClass, _ selector: Selector, _ name: String) {
      let event = EventName.selectTab.rawValue
      if name == "setSelectedIndex:" {
        MethodHook.hook(cls, selector) { original in
          typealias Method = @convention(c) (AnyObject, Selector, UInt) -> Void
          let call = unsafeBitCast(original, to: Method.self)
          let block: @convention(block) (AnyObject, UInt) -> Void = { tab, index in
            HookNesting.run(tab, event) { outermost in
              if outermost, let tabs = (tab as? UITabBarController)?.viewControllers, Int(index) < tabs.count {
                activeRecorder(for: tab)?.selectTab(tabs[Int(index)], of: tab)
              }
              call(tab, selector, index)
            }
          }
          return unsafeBitCast(block, to: AnyObject.self)
        }
        return
      }
      hookObjectArgument(cls, selector, .selectTab) { tab, vc in activeRecorder(for: tab)?.selectTab(vc, of: tab) }
    }

    /// `transitionFromViewController:toViewController:duration:options:animations:completion:`.
    static func hookTransition(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method =
          @convention(c) (AnyObject, Selector, AnyObject, AnyObject, Double, UInt, AnyObject?, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, AnyObject, Double, UInt, AnyObject?, AnyObject?) -> Void =
          { parent, from, to, duration, options, animations, completion in
            HookNesting.run(parent, EventName.transition.rawValue) { outermost in
              if outermost {
                activeRecorder(for: parent)?.transition(from: from, to: to, in: parent, duration: duration)
              }
              call(parent, selector, from, to, duration, options, animations, completion)
            }
          }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `presentViewController:animated:completion:`, with the style the presented controller
    /// has now; the completion passed on records `presentCompleted` before running the app's.
    static func hookPresent(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Completion = @convention(block) () -> Void
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, ObjCBool, Completion?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, ObjCBool, Completion?) -> Void = {
          presenter, presented, animated, completion in
          HookNesting.run(presenter, EventName.present.rawValue) { outermost in
            guard outermost, let recorder = activeRecorder(for: presented) else {
              return call(presenter, selector, presented, animated, completion)
            }
            let style = (presented as? UIViewController).flatMap {
              UIKitVocabulary.presentationStyle($0.modalPresentationStyle)
            }
            recorder.present(presented, from: presenter, style: style, animated: animated.boolValue)
            let wrapped: Completion = {
              TraceRecorder.current?.presentCompleted(presented)
              completion?()
            }
            call(presenter, selector, presented, animated, wrapped)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `dismissViewControllerAnimated:completion:`; the completion passed on records
    /// `dismissCompleted` before running the app's.
    static func hookDismiss(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Completion = @convention(block) () -> Void
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool, Completion?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool, Completion?) -> Void = { vc, animated, completion in
          HookNesting.run(vc, EventName.dismiss.rawValue) { outermost in
            guard outermost, let recorder = activeRecorder(for: vc) else {
              return call(vc, selector, animated, completion)
            }
            recorder.dismiss(vc, animated: animated.boolValue)
            let wrapped: Completion = {
              TraceRecorder.current?.dismissCompleted(vc)
              completion?()
            }
            call(vc, selector, animated, wrapped)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }
  }
#endif
