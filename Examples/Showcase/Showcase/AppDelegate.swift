import UIKit

#if TRACEQ_RECORDING
  import TraceRecorderUIKit
#endif

/// The presentations a current UIKit app uses, recorded: a popover through
/// UIPopoverPresentationController, a sheet with detents, and SwiftUI screens in hosting
/// controllers (their class names are written demangled: `UIHostingController<NoteView>`).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    #if TRACEQ_RECORDING
      var options = RecordingOptions()
      options.features.insert(.unifiedLog)  // UIKit's warnings too (iOS 15+): a debug build's choice
      UIKitRecording.start(options)
    #endif
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = UINavigationController(rootViewController: MenuViewController())
    window.makeKeyAndVisible()
    self.window = window
    return true
  }
}
