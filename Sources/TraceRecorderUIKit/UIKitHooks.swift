#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceModel
  import TraceRecorder
  import UIKit

  /// Installs the hooks of ``HookTable``: every entry through ``install(_:on:)``, whose switch
  /// over the format's events is exhaustive, so a new event does not compile without a hook.
  /// Hooks record into ``TraceRecorder/current`` and then call the original implementation;
  /// with no recorder running they only call it.
  ///
  /// Not compiled on Linux; written for review on a Mac (see the README).
  enum UIKitHooks {
    static let lock = NSLock()
    private static var installed = false
    /// Classes whose own implementations of the per-class selectors are hooked.
    private static var hookedClasses: Set<ObjectIdentifier> = []
    private static var consoleTee: StandardErrorTee?

    static var recorder: TraceRecorder? { TraceRecorder.current }

    /// The recorder, for an event about `object`; nil when none runs, or when `object` is one
    /// of UIKit's own controllers or windows that the app never sees (the keyboard's, private
    /// `_UI…` classes): their events would only confuse the replay.
    static func activeRecorder(for object: AnyObject) -> TraceRecorder? {
      guard let recorder = TraceRecorder.current, UIKitVocabulary.isAppFacing(object) else { return nil }
      return recorder
    }

    @MainActor
    static func installOnce(captureConsole: Bool) {
      lock.lock()
      defer { lock.unlock() }
      if captureConsole, consoleTee == nil { consoleTee = StandardErrorTee { recorder?.console($0) } }
      guard !installed else { return }
      installed = true
      for entry in HookTable.entries {
        guard let cls = entryClass(entry) else { continue }
        install(entry, on: cls)
      }
      hookInitializers()
      hookPopoverDelegates()
      hookApplicationDelegate()
    }

    private static func entryClass(_ entry: HookEntry) -> AnyClass? {
      switch entry.source {
      case .instanceMethod(let name, _, _), .classMethod(let name, _), .completion(let name, _):
        NSClassFromString(name)
      case .delegateMethod, .notification, .standardError, .recorder:
        NSObject.self  // installed by their own means below; `install` ignores the class
      }
    }

    /// Hooks `entry` on `cls`. Per-class entries are installed on `UIViewController` here and
    /// on each subclass that implements the selector itself when its first instance is made.
    static func install(_ entry: HookEntry, on cls: AnyClass) {
      guard let name = entry.selector else {
        if entry.event == .deviceOrientation { observeDeviceOrientation() }
        return
      }
      let selector = NSSelectorFromString(name)
      switch entry.event {
      case .setRoot:
        hookObjectArgument(cls, selector, entry.event) { window, vc in
          activeRecorder(for: window)?.setRoot(vc, window: window)
        }
      case .windowMask, .popoverDidDismiss: break  // delegate methods: hookApplicationDelegate, hookPopoverDelegates
      case .deviceNotifications:
        let on = name.hasPrefix("begin")
        hookPlain(cls, selector, entry.event) { _ in recorder?.deviceNotifications(on: on) }
      case .deviceOrientation: break  // a notification
      case .attemptRotation: hookAttemptRotation(cls, selector)
      case .setNeedsUpdateOfSupportedInterfaceOrientations:
        hookPlain(cls, selector, entry.event) { vc in
          activeRecorder(for: vc)?.setNeedsUpdateOfSupportedInterfaceOrientations(vc)
        }
      case .requestGeometryUpdate: hookGeometryUpdate(cls, selector)
      case .supportedInterfaceOrientations, .preferredInterfaceOrientation:
        hookIntegerAnswer(cls, selector, entry.event)
      case .shouldAutorotate, .definesPresentationContext: hookBoolAnswer(cls, selector, entry.event)
      case .willRotate, .willAnimateRotation: hookRotation(cls, selector, entry.event)
      case .didRotate: hookDidRotate(cls, selector)
      case .viewWillTransitionToSize: hookSizeTransition(cls, selector)
      case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .popoverDismiss:
        hookAnimated(cls, selector, entry.event)
      case .beginAppearanceTransition: hookBeginAppearance(cls, selector)
      case .endAppearanceTransition:
        hookPlain(cls, selector, entry.event) { vc in activeRecorder(for: vc)?.endAppearanceTransition(vc) }
      case .addChild:
        hookObjectArgument(cls, selector, entry.event) { parent, vc in activeRecorder(for: vc)?.addChild(vc, to: parent)
        }
      case .willMoveToParent, .didMoveToParent: hookMoveToParent(cls, selector, entry.event)
      case .removeFromParent:
        hookPlain(cls, selector, entry.event) { vc in activeRecorder(for: vc)?.removeFromParent(vc) }
      case .push: hookPush(cls, selector)
      case .pop: hookPop(cls, selector)
      case .setViewControllers: hookStackChange(cls, selector, name)
      case .selectTab: hookSelectTab(cls, selector, name)
      case .transition: hookTransition(cls, selector)
      case .dealloc, .popoverRelease: hookDealloc(cls, selector, entry.event)
      case .present: hookPresent(cls, selector)
      case .dismiss: hookDismiss(cls, selector)
      case .presentCompleted, .dismissCompleted: break  // the completion hookPresent/hookDismiss pass
      case .popoverCreate: hookPopoverCreate(cls, selector)
      case .popoverPresent: hookPopoverPresent(cls, selector, fromRect: name.contains("FromRect"))
      case .console, .dropped: break  // standard error (installOnce) and the recorder itself
      }
    }

    /// The per-class entries, installed on `cls` where it implements their selector itself
    /// (inherited implementations are already hooked on the class that defines them).
    static func installPerClass(_ cls: AnyClass) {
      lock.lock()
      defer { lock.unlock() }
      var current: AnyClass? = cls
      while let next = current, next != UIViewController.self, !hookedClasses.contains(ObjectIdentifier(next)) {
        hookedClasses.insert(ObjectIdentifier(next))
        for entry in HookTable.entries {
          guard case .instanceMethod(_, let name, true) = entry.source,
            MethodHook.definesOwn(next, NSSelectorFromString(name))
          else { continue }
          install(entry, on: next)
        }
        current = class_getSuperclass(next)
      }
    }

    /// A controller's class is first seen when an instance is initialized: `init(nibName:bundle:)`
    /// and `init(coder:)` install the per-class hooks on its class before running.
    private static func hookInitializers() {
      // Raw pointers: an initializer consumes its receiver and returns a retained object;
      // passing both through as pointers keeps ARC out of that contract.
      let nib = NSSelectorFromString("initWithNibName:bundle:")
      MethodHook.hook(UIViewController.self, nib) { original in
        typealias Initializer =
          @convention(c) (UnsafeRawPointer, Selector, UnsafeRawPointer?, UnsafeRawPointer?) -> UnsafeRawPointer?
        let call = unsafeBitCast(original, to: Initializer.self)
        let block: @convention(block) (UnsafeRawPointer, UnsafeRawPointer?, UnsafeRawPointer?) -> UnsafeRawPointer? = {
          object, name, bundle in
          installPerClass(of: object)
          return call(object, nib, name, bundle)
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
      let coder = NSSelectorFromString("initWithCoder:")
      MethodHook.hook(UIViewController.self, coder) { original in
        typealias Initializer = @convention(c) (UnsafeRawPointer, Selector, UnsafeRawPointer) -> UnsafeRawPointer?
        let call = unsafeBitCast(original, to: Initializer.self)
        let block: @convention(block) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer? = { object, decoder in
          installPerClass(of: object)
          return call(object, coder, decoder)
        }
        return unsafeBitCast(block, to: AnyObject.self)
      }
    }

    /// The per-class hooks for the class of the object being initialized at `object`.
    private static func installPerClass(of object: UnsafeRawPointer) {
      let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
      if let cls = object_getClass(instance) { installPerClass(cls) }
    }

    private static func observeDeviceOrientation() {
      NotificationCenter.default.addObserver(
        forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil
      ) { _ in
        recorder?.deviceOrientation(UIKitVocabulary.deviceOrientation(UIDevice.current.orientation))
      }
    }
  }
#endif
