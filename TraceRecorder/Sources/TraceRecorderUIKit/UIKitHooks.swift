#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceRecorder
  import UIKit

  /// Installs the hooks of ``HookTable`` and takes them out. No initializer or `dealloc` of
  /// UIViewController is hooked: the app's controller classes are found by the image that
  /// defines them at start (`objc_copyClassNamesForImage`, as getsentry/sentry-cocoa's
  /// SentrySubClassFinder does), and any other (a generic subclass, a class loaded later) when
  /// one of its controllers is first handed to UIKit. Hooks stay for the process; with no
  /// ``HookContext`` they only call UIKit.
  ///
  /// Not compiled on Linux; written for review on a Mac (see the README).
  enum UIKitHooks {
    static let lock = NSRecursiveLock()
    /// The entries installed so far (their union over the launches' plans), and the hooks.
    private static var plan: [HookEntry] = []
    private static var installed: [(entry: HookEntry, hook: MethodHook.Installed)] = []
    /// Classes whose own implementations were looked at, and delegate classes hooked.
    private static var preparedClasses: Set<ObjectIdentifier> = []
    private static var hookedDelegates: Set<ObjectIdentifier> = []
    private static var observesDeviceOrientation = false
    private static var consoleTee: StandardErrorTee?

    /// Installs the entries of `entries` not installed yet, then looks at the app's own
    /// controller classes.
    @MainActor
    static func install(_ entries: [HookEntry], policy: ClassPolicy) {
      lock.lock()
      defer { lock.unlock() }
      for entry in entries where !plan.contains(where: { $0.event == entry.event && $0.source == entry.source }) {
        plan.append(entry)
        switch entry.source {
        case .instanceMethod(let name, _, _), .classMethod(let name, _):
          if let cls = NSClassFromString(name), let installedHook = hook(entry, on: cls) {
            installed.append((entry, installedHook))
          }
        case .delegateMethod(let protocolName, _) where protocolName == "UIApplicationDelegate":
          if let delegate = UIApplication.shared.delegate { hookDelegate(delegate, entry) }
        case .notification: observeDeviceOrientation()
        case .standardError:
          if consoleTee == nil { consoleTee = StandardErrorTee { HookContext.current?.recorder.console($0) } }
        case .delegateMethod, .completion, .associatedObject, .unifiedLog, .recorder:
          break  // popover delegates when presented; completions by their method's hook; the others elsewhere
        }
      }
      for cls in ClassScan.appViewControllerClasses() { prepare(cls, policy: policy) }
    }

    /// The off switch's first step: initializer and `dealloc` hooks get UIKit's implementation
    /// back (unless someone hooked the method after us); the other hooks pass through once the
    /// context is gone.
    static func removeLifecycleHooks() {
      lock.lock()
      defer { lock.unlock() }
      let lifecycle = HookTable.removalOrder(installed.map(\.entry)).prefix { $0.touchesLifecycle }
      for entry in lifecycle {
        guard
          let index = installed.firstIndex(where: { $0.entry.event == entry.event && $0.entry.source == entry.source })
        else { continue }
        if MethodHook.restore(installed[index].hook) {
          installed.remove(at: index)
          plan.removeAll { $0.event == entry.event && $0.source == entry.source }
        }
      }
    }

    /// The per-class entries, installed on `cls` and its superclasses up to UIViewController
    /// where each implements the selector itself and the policy lets it be hooked.
    static func prepare(_ cls: AnyClass, policy: ClassPolicy) {
      lock.lock()
      defer { lock.unlock() }
      var current: AnyClass? = cls
      while let next = current, next != UIViewController.self, preparedClasses.insert(ObjectIdentifier(next)).inserted {
        if policy.hooksOwnMethods(UIKitRuntimeBridge.facts(of: next)) {
          for entry in plan where entry.isPerClass {
            guard let name = entry.selector, MethodHook.definesOwn(next, NSSelectorFromString(name)),
              let installedHook = hook(entry, on: next)
            else { continue }
            installed.append((entry, installedHook))
          }
        }
        current = class_getSuperclass(next)
      }
    }

    /// `popoverControllerDidDismissPopover:` on the class of `popover`'s delegate, when it
    /// implements it (the delegate is set before the popover is presented).
    static func hookPopoverDelegate(of popover: AnyObject) {
      lock.lock()
      let entry = plan.first { $0.event == .popoverDidDismiss }
      lock.unlock()
      guard let entry, let delegate = (popover as? NSObject)?.value(forKey: "delegate") else { return }
      hookDelegate(delegate as AnyObject, entry)
    }

    private static func hookDelegate(_ delegate: AnyObject, _ entry: HookEntry) {
      lock.lock()
      defer { lock.unlock() }
      guard let cls = object_getClass(delegate), let name = entry.selector,
        class_getInstanceMethod(cls, NSSelectorFromString(name)) != nil,
        hookedDelegates.insert(ObjectIdentifier(cls)).inserted, let installedHook = hook(entry, on: cls)
      else { return }
      installed.append((entry, installedHook))
    }

    private static func observeDeviceOrientation() {
      guard !observesDeviceOrientation else { return }
      observesDeviceOrientation = true
      let entry = HookTable.entries(for: .deviceOrientation)[0]
      NotificationCenter.default.addObserver(
        forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil
      ) { _ in
        guard let context = HookContext.current, context.isOn(entry),
          let orientation = DeviceOrientation(rawValue: UIDevice.current.orientation.rawValue)
        else { return }
        context.recorder.deviceOrientation(orientation)
      }
    }
  }
#endif
