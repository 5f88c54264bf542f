#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import TraceRecorder
  import UIKit

  /// ``UIKitBridge`` with UIKit and the Objective-C runtime. Reads only; the decisions are
  /// ``HookEvents``' and ``ClassPolicy``'s.
  ///
  /// Not compiled on Linux; written for review on a Mac (see the README).
  final class UIKitRuntimeBridge: UIKitBridge {
    static let shared = UIKitRuntimeBridge()

    func classFacts(of object: AnyObject) -> ClassFacts {
      guard let cls = object_getClass(object) else { return ClassFacts(runtimeName: "") }
      return Self.facts(of: cls)
    }

    /// The facts of `cls`; a class made at run time (Key-Value Observing's `NSKVONotifying_…`)
    /// has no image: the class it was made from speaks for it.
    static func facts(of cls: AnyClass) -> ClassFacts {
      var named: AnyClass = cls
      while class_getImageName(named) == nil, let parent = class_getSuperclass(named) { named = parent }
      var superclasses: [String] = []
      var current = class_getSuperclass(named)
      while let next = current {
        superclasses.append(NSStringFromClass(next))
        current = class_getSuperclass(next)
      }
      return ClassFacts(
        runtimeName: NSStringFromClass(named), superclasses: superclasses,
        imagePath: class_getImageName(named).map { String(cString: $0) })
    }

    func viewControllers(of container: AnyObject) -> [AnyObject]? {
      if let navigation = container as? UINavigationController { return navigation.viewControllers }
      return (container as? UITabBarController)?.viewControllers
    }

    func presentationStyle(of vc: AnyObject) -> PresentationStyle? {
      (vc as? UIViewController).flatMap { UIKitVocabulary.presentationStyle($0.modalPresentationStyle) }
    }

    func interfaceOrientations(of geometryPreferences: AnyObject) -> OrientationMask? {
      guard #available(iOS 16.0, *), let preferences = geometryPreferences as? UIWindowScene.GeometryPreferences.iOS
      else { return nil }
      return OrientationMask(rawValue: Int(preferences.interfaceOrientations.rawValue))
    }

    func prepare(_ vc: AnyObject, watchDealloc: Bool) {
      if let cls = object_getClass(vc), let policy = HookContext.current?.policy {
        UIKitHooks.prepare(cls, policy: policy)
      }
      if watchDealloc { DeallocationWatcher.watch(vc) }
    }

    func prepareDelegate(of popover: AnyObject) { UIKitHooks.hookPopoverDelegate(of: popover) }
  }
#endif
