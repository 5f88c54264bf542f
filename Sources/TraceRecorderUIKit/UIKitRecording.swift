#if canImport(UIKit)
  import Foundation
  import TraceModel
  import TraceRecorder
  import UIKit

  /// Records the app's view controllers with no code in them: call ``start(configuration:captureConsole:)``
  /// once, early in `application(_:didFinishLaunchingWithOptions:)`.
  ///
  /// ```swift
  /// import TraceRecorderUIKit
  /// UIKitRecording.start()
  /// ```
  ///
  /// Written for review on a Mac: this file is not compiled on the Linux machines that build
  /// traceq (see the README).
  public enum UIKitRecording {
    /// Stops the recorder running, if any, and starts a ``TraceRecorder`` with a header describing this device and app, and installs the
    /// hooks of ``HookTable`` (once per process). With `captureConsole`, what the process writes
    /// to standard error is also recorded, line by line, as `console` events (and still
    /// written to standard error).
    @MainActor
    @discardableResult
    public static func start(
      configuration: RecorderConfiguration = RecorderConfiguration(directory: RecorderConfiguration.defaultDirectory),
      captureConsole: Bool = false
    ) -> TraceRecorder? {
      TraceRecorder.current?.stop()
      do {
        let recorder = try TraceRecorder.start(
          sessionHeader(), configuration: configuration, describeClass: UIKitVocabulary.describe)
        UIKitHooks.installOnce(captureConsole: captureConsole)
        flushOnUncaughtException()
        return recorder
      } catch {
        NSLog("traceq recorder: not recording: %@", String(describing: error))
        return nil
      }
    }

    private static var previousExceptionHandler: (@convention(c) (NSException) -> Void)?
    private static var handlesExceptions = false

    /// An uncaught Objective-C exception (UIKit's "-[UIPopoverController dealloc] reached while
    /// popover is still visible.") is recorded as a `console` line and flushed before the app
    /// dies, then handed to the handler installed before.
    private static func flushOnUncaughtException() {
      guard !handlesExceptions else { return }
      handlesExceptions = true
      previousExceptionHandler = NSGetUncaughtExceptionHandler()
      NSSetUncaughtExceptionHandler { exception in
        if let recorder = TraceRecorder.current {
          recorder.console(
            "*** Terminating app due to uncaught exception '\(exception.name.rawValue)', reason: '\(exception.reason ?? "")'"
          )
          recorder.flush()
        }
        UIKitRecording.previousExceptionHandler?(exception)
      }
    }

    /// The session header: idiom, iOS version, device model, app name and build, Info.plist's
    /// orientations for this idiom and `UIRequiresFullScreen`, the orientation at launch.
    @MainActor
    static func sessionHeader() -> SessionHeader {
      let device = UIDevice.current
      let info = Bundle.main.infoDictionary ?? [:]
      let idiom: Idiom = device.userInterfaceIdiom == .pad ? .pad : .phone
      let names =
        (idiom == .pad ? info["UISupportedInterfaceOrientations~ipad"] : nil) as? [String]
        ?? info["UISupportedInterfaceOrientations"] as? [String]
      let supported = names.map { list in
        list.reduce(into: OrientationMask()) { mask, name in
          if let orientation = UIKitVocabulary.infoPlistOrientation(name) { mask.insert(orientation.mask) }
        }
      }
      var launch = InterfaceOrientation.portrait
      let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
      if let raw = scene?.interfaceOrientation.rawValue, let orientation = InterfaceOrientation(rawValue: raw) {
        launch = orientation
      }
      return SessionHeader(
        idiom: idiom, osText: device.systemVersion,
        app: info["CFBundleName"] as? String ?? ProcessInfo.processInfo.processName,
        device: UIKitVocabulary.modelIdentifier(), build: info["CFBundleVersion"] as? String,
        declaredSupported: supported, orientation: launch,
        requiresFullScreen: info["UIRequiresFullScreen"] as? Bool ?? false)
    }
  }
#endif
