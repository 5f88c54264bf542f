#if canImport(UIKit)
  import Foundation
  import ObjectiveC
  import UIKit

  /// The app's own view controller classes, found by the images that define them: every image
  /// loaded that ``ClassPolicy/isSystemImage(_:)`` does not count as the system's (the app's
  /// executable and the frameworks it ships), through `objc_copyClassNamesForImage`. Generic
  /// classes are instantiated at run time and not listed: they are prepared when UIKit first
  /// sees one of their controllers.
  enum ClassScan {
    static func appViewControllerClasses() -> [AnyClass] {
      var imageCount: UInt32 = 0
      let images: UnsafeMutablePointer<UnsafePointer<CChar>>? = objc_copyImageNames(&imageCount)
      guard let images else { return [] }
      defer { free(images) }
      var result: [AnyClass] = []
      for imageIndex in 0..<Int(imageCount) where !ClassPolicy.isSystemImage(String(cString: images[imageIndex])) {
        var classCount: UInt32 = 0
        let names: UnsafeMutablePointer<UnsafePointer<CChar>>? = objc_copyClassNamesForImage(
          images[imageIndex], &classCount)
        guard let names else { continue }
        defer { free(names) }
        for classIndex in 0..<Int(classCount) {
          guard let cls = objc_lookUpClass(names[classIndex]), isViewController(cls) else { continue }
          result.append(cls)
        }
      }
      return result
    }

    private static func isViewController(_ cls: AnyClass) -> Bool {
      var current: AnyClass? = class_getSuperclass(cls)
      while let next = current {
        if next == UIViewController.self { return true }
        current = class_getSuperclass(next)
      }
      return false
    }
  }
#endif
