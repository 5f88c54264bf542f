import Testing
@testable import TraceRecorderUIKit

/// Which classes are recorded and hooked, from what the runtime says about them.
@Suite("Class policy")
struct ClassPolicyTests {
  static let app = "/private/var/containers/Bundle/Application/1F2E/Shop.app/Shop"
  static let sdk = "/private/var/containers/Bundle/Application/1F2E/Shop.app/Frameworks/PaySDK.framework/PaySDK"
  static let uikit = "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"
  static let simulatorUIKit =
    "/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/CoreSimulator/Profiles/"
    + "Runtimes/iOS.simruntime/Contents/Resources/RuntimeRoot/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"

  @Test("Swift modules from runtime names, plain and mangled")
  func modules() {
    #expect(ClassFacts(runtimeName: "Shop.CartViewController").swiftModule == "Shop")
    #expect(ClassFacts(runtimeName: "_TtC4Shop18CartViewController").swiftModule == "Shop")
    #expect(ClassFacts(runtimeName: "_TtGC7SwiftUI19UIHostingControllerV4Shop8CartView_").swiftModule == "SwiftUI")
    #expect(ClassFacts(runtimeName: "_TtCC4Shop5Outer5Inner").swiftModule == "Shop")
    #expect(ClassFacts(runtimeName: "UINavigationController").swiftModule == nil)
    #expect(ClassFacts(runtimeName: "_UIAlertControllerShimPresenter").swiftModule == nil)
    #expect(ClassFacts(runtimeName: "_TtC99Short").swiftModule == nil)
    #expect(ClassFacts(runtimeName: "x", imagePath: Self.sdk).imageName == "PaySDK")
  }

  @Test("system images: the OS's frameworks on a device and in the simulator; not the app's bundle")
  func systemImages() {
    #expect(ClassPolicy.isSystemImage(Self.uikit))
    #expect(ClassPolicy.isSystemImage(Self.simulatorUIKit))
    #expect(ClassPolicy.isSystemImage("/usr/lib/libobjc.A.dylib"))
    #expect(!ClassPolicy.isSystemImage(Self.app))
    #expect(!ClassPolicy.isSystemImage(Self.sdk))
    #expect(ClassPolicy.isSystemImage(nil))
  }

  @Test("exclusions by class (and subclass), by Swift module and by framework image")
  func exclusions() {
    let policy = ClassPolicy(excludedClasses: ["Shop.Checkout"], excludedModules: ["PaySDK", "Analytics"])
    #expect(
      policy.records(ClassFacts(runtimeName: "Shop.Cart", superclasses: ["UIViewController"], imagePath: Self.app)))
    #expect(!policy.records(ClassFacts(runtimeName: "Shop.Checkout", imagePath: Self.app)))
    #expect(
      !policy.records(
        ClassFacts(runtimeName: "Shop.GuestCheckout", superclasses: ["Shop.Checkout"], imagePath: Self.app)))
    #expect(!policy.records(ClassFacts(runtimeName: "PSPay", imagePath: Self.sdk)))
    #expect(!policy.records(ClassFacts(runtimeName: "_TtC9Analytics6Screen", imagePath: Self.app)))
  }

  @Test("UIKit's private classes are not recorded; an app's private Swift class is")
  func privateClasses() {
    let policy = ClassPolicy()
    #expect(!policy.records(ClassFacts(runtimeName: "_UIAlertControllerShimPresenter", imagePath: Self.uikit)))
    #expect(!policy.records(ClassFacts(runtimeName: "UIInputWindowController", imagePath: Self.simulatorUIKit)))
    #expect(policy.records(ClassFacts(runtimeName: "UINavigationController", imagePath: Self.uikit)))
    #expect(policy.records(ClassFacts(runtimeName: "_TtC4ShopP33_9A0B4Secret", imagePath: Self.app)))
  }

  @Test("own hooks: the app's classes and UIKit's public containers, not the system's other classes")
  func ownHooks() {
    let policy = ClassPolicy(excludedModules: ["PaySDK"])
    #expect(policy.hooksOwnMethods(ClassFacts(runtimeName: "Shop.Cart", imagePath: Self.app)))
    #expect(policy.hooksOwnMethods(ClassFacts(runtimeName: "UITabBarController", imagePath: Self.uikit)))
    #expect(!policy.hooksOwnMethods(ClassFacts(runtimeName: "UIAlertController", imagePath: Self.uikit)))
    #expect(!policy.hooksOwnMethods(ClassFacts(runtimeName: "PSPay", imagePath: Self.sdk)))
    let everything = ClassPolicy(hooksSystemFrameworks: true)
    #expect(everything.hooksOwnMethods(ClassFacts(runtimeName: "UIAlertController", imagePath: Self.uikit)))
    #expect(!everything.hooksOwnMethods(ClassFacts(runtimeName: "_UIPrivate", imagePath: Self.uikit)))
  }

  @Test("class names: demangled with their generic arguments, without Key-Value Observing's prefix")
  func names() {
    #expect(ClassNames.display("NSKVONotifying_CartViewController") == "CartViewController")
    #expect(ClassNames.display("UIHostingController<CartView>") == "UIHostingController<CartView>")
  }

  @Test("the unified log: UIKit's messages at notice level and above, on one line")
  func unifiedLog() {
    #expect(UnifiedLogFilter.accepts(subsystem: "com.apple.UIKit", level: .notice))
    #expect(UnifiedLogFilter.accepts(subsystem: "com.apple.UIKit", level: .fault))
    #expect(!UnifiedLogFilter.accepts(subsystem: "com.apple.UIKit", level: .info))
    #expect(!UnifiedLogFilter.accepts(subsystem: "com.example.shop", level: .error))
    #expect(UnifiedLogFilter.consoleText("Unbalanced calls\nto begin/end") == "Unbalanced calls to begin/end")
  }
}
