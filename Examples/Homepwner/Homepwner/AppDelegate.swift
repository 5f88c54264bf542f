import UIKit

#if TRACEQ_RECORDING
  import TraceRecorderUIKit
#endif

/// Homepwner (Big Nerd Ranch's iOS Programming, chapter on popovers) reduced to the screens of
/// its best-known crash: on an iPad, tapping the camera button twice presents a second
/// UIPopoverController while the first is visible, and frees the first.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    #if TRACEQ_RECORDING
      UIKitRecording.start()  // the one line an app adds to record traces, in the builds that record
    #endif
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = UINavigationController(rootViewController: ItemsViewController())
    window.makeKeyAndVisible()
    self.window = window
    return true
  }
}
