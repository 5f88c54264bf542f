#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceModel
  import TraceRecorder
  import UIKit

  /// Hooks of UIViewController's callbacks and answers, and of window and device calls. Each
  /// casts the original implementation to its exact C signature (`BOOL` as `ObjCBool`,
  /// `NSUInteger` masks as `UInt`) and records in the outermost hook only (``HookNesting``).
  extension UIKitHooks {
    /// `-(void)selector` (endAppearanceTransition, removeFromParentViewController…): recorded before.
    static func hookPlain(
      _ cls: AnyClass, _ selector: Selector, _ event: EventName, _ record: @escaping (AnyObject) -> Void
    ) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> Void = { object in
          HookNesting.run(object, event.rawValue) { outermost in
            if outermost { record(object) }
            call(object, selector)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `-(void)selector:(BOOL)animated`: the appearance callbacks and `dismissPopoverAnimated:`.
    static func hookAnimated(_ cls: AnyClass, _ selector: Selector, _ event: EventName) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool) -> Void = { object, animated in
          HookNesting.run(object, event.rawValue) { outermost in
            if outermost, let recorder = activeRecorder(for: object) {
              let flag = animated.boolValue
              switch event {
              case .viewWillAppear: recorder.viewWillAppear(object, animated: flag)
              case .viewDidAppear: recorder.viewDidAppear(object, animated: flag)
              case .viewWillDisappear: recorder.viewWillDisappear(object, animated: flag)
              case .viewDidDisappear: recorder.viewDidDisappear(object, animated: flag)
              default: recorder.popoverDismiss(object, animated: flag)
              }
            }
            call(object, selector, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `-(void)selector:(id)argument` with the argument recorded (setRootViewController:,
    /// addChildViewController:): recorded before the call, which sends callbacks of its own.
    static func hookObjectArgument(
      _ cls: AnyClass, _ selector: Selector, _ event: EventName,
      _ record: @escaping (_ receiver: AnyObject, _ argument: AnyObject) -> Void
    ) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?) -> Void = { object, argument in
          HookNesting.run(object, event.rawValue) { outermost in
            if outermost, let argument { record(object, argument) }
            call(object, selector, argument)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `willMoveToParentViewController:` / `didMoveToParentViewController:` (nil: leaving).
    static func hookMoveToParent(_ cls: AnyClass, _ selector: Selector, _ event: EventName) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject?) -> Void = { object, parent in
          HookNesting.run(object, event.rawValue) { outermost in
            if outermost {
              if event == .willMoveToParent {
                activeRecorder(for: object)?.willMoveToParent(object, parent)
              } else {
                activeRecorder(for: object)?.didMoveToParent(object, parent)
              }
            }
            call(object, selector, parent)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `supportedInterfaceOrientations` (an `NSUInteger` mask) and
    /// `preferredInterfaceOrientationForPresentation` (an `NSInteger`): the answer, after the call.
    static func hookIntegerAnswer(_ cls: AnyClass, _ selector: Selector, _ event: EventName) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector) -> UInt
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> UInt = { object in
          HookNesting.run(object, event.rawValue) { outermost in
            let answer = call(object, selector)
            guard outermost, let recorder = activeRecorder(for: object) else { return answer }
            if event == .supportedInterfaceOrientations {
              recorder.supportedInterfaceOrientations(
                object, OrientationMask(rawValue: Int(truncatingIfNeeded: answer)))
            } else if let orientation = UIKitVocabulary.interfaceOrientation(Int(truncatingIfNeeded: answer)) {
              recorder.preferredInterfaceOrientation(object, orientation)
            }
            return answer
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `shouldAutorotate` and `definesPresentationContext`: the answer, after the call.
    static func hookBoolAnswer(_ cls: AnyClass, _ selector: Selector, _ event: EventName) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector) -> ObjCBool
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> ObjCBool = { object in
          HookNesting.run(object, event.rawValue) { outermost in
            let answer = call(object, selector)
            if outermost {
              if event == .shouldAutorotate {
                activeRecorder(for: object)?.shouldAutorotate(object, answer.boolValue)
              } else {
                activeRecorder(for: object)?.definesPresentationContext(object, answer.boolValue)
              }
            }
            return answer
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `willRotateToInterfaceOrientation:duration:` and `willAnimateRotationToInterfaceOrientation:duration:`.
    static func hookRotation(_ cls: AnyClass, _ selector: Selector, _ event: EventName) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, Int, Double) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, Int, Double) -> Void = { object, orientation, duration in
          HookNesting.run(object, event.rawValue) { outermost in
            if outermost, let recorder = activeRecorder(for: object),
              let to = UIKitVocabulary.interfaceOrientation(orientation)
            {
              if event == .willRotate {
                recorder.willRotate(object, to: to, duration: duration)
              } else {
                recorder.willAnimateRotation(object, to: to, duration: duration)
              }
            }
            call(object, selector, orientation, duration)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `didRotateFromInterfaceOrientation:`.
    static func hookDidRotate(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, Int) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, Int) -> Void = { object, orientation in
          HookNesting.run(object, EventName.didRotate.rawValue) { outermost in
            if outermost, let from = UIKitVocabulary.interfaceOrientation(orientation) {
              activeRecorder(for: object)?.didRotate(object, from: from)
            }
            call(object, selector, orientation)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `viewWillTransitionToSize:withTransitionCoordinator:`.
    static func hookSizeTransition(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, CGSize, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, CGSize, AnyObject?) -> Void = { object, size, coordinator in
          HookNesting.run(object, EventName.viewWillTransitionToSize.rawValue) { outermost in
            if outermost {
              activeRecorder(for: object)?.viewWillTransitionToSize(
                object, width: Double(size.width), height: Double(size.height))
            }
            call(object, selector, size, coordinator)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `beginAppearanceTransition:animated:`.
    static func hookBeginAppearance(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, ObjCBool, ObjCBool) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, ObjCBool, ObjCBool) -> Void = { object, appearing, animated in
          HookNesting.run(object, EventName.beginAppearanceTransition.rawValue) { outermost in
            if outermost {
              activeRecorder(for: object)?.beginAppearanceTransition(
                object, appearing: appearing.boolValue, animated: animated.boolValue)
            }
            call(object, selector, appearing, animated)
          }
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `+[UIViewController attemptRotationToDeviceOrientation]`.
    static func hookAttemptRotation(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hookClassMethod(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject) -> Void = { receiver in
          recorder?.attemptRotation()
          call(receiver, selector)
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// iOS 16: `-[UIWindowScene requestGeometryUpdateWithPreferences:errorHandler:]`.
    static func hookGeometryUpdate(_ cls: AnyClass, _ selector: Selector) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, AnyObject?) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, AnyObject?) -> Void = { scene, preferences, handler in
          if #available(iOS 16.0, *), let geometry = preferences as? UIWindowScene.GeometryPreferences.iOS {
            recorder?.requestGeometryUpdate(OrientationMask(rawValue: Int(geometry.interfaceOrientations.rawValue)))
          }
          call(scene, selector, preferences, handler)
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `-dealloc` of UIViewController and UIPopoverController: the address is recorded before
    /// the object goes (UIKit throws from UIPopoverController's dealloc when it is visible).
    /// The receiver is a raw pointer: retaining an object in its dealloc would resurrect it.
    static func hookDealloc(_ cls: AnyClass, _ selector: Selector, _ event: EventName) {
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (UnsafeRawPointer, Selector) -> Void
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (UnsafeRawPointer) -> Void = { object in
          if event == .dealloc {
            recorder?.dealloc(object)
          } else {
            recorder?.popoverRelease(object)
          }
          call(object, selector)
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// `-[AppDelegate application:supportedInterfaceOrientationsForWindow:]`, when the app's
    /// delegate implements it: what it returned, per window.
    static func hookApplicationDelegate() {
      let selector = NSSelectorFromString("application:supportedInterfaceOrientationsForWindow:")
      guard let delegate = UIApplication.shared.delegate, let cls = object_getClass(delegate),
        class_getInstanceMethod(cls, selector) != nil
      else { return }
      MethodHook.hook(cls, selector) { original in
        typealias Method = @convention(c) (AnyObject, Selector, AnyObject, AnyObject?) -> UInt
        let call = unsafeBitCast(original, to: Method.self)
        let block: @convention(block) (AnyObject, AnyObject, AnyObject?) -> UInt = { object, application, window in
          let answer = call(object, selector, application, window)
          recorder?.windowMask(OrientationMask(rawValue: Int(truncatingIfNeeded: answer)), window: window)
          return answer
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }
  }
#endif
