#if canImport(UIKit)
  import Foundation
  import TraceRecorder
  import UIKit

  /// Records the app's view controllers with no code in them: call ``start(_:)`` once, early in
  /// `application(_:didFinishLaunchingWithOptions:)`, in the builds that should record.
  ///
  /// ```swift
  /// import TraceRecorderUIKit
  /// #if DEBUG || QA
  ///   UIKitRecording.start()
  /// #endif
  /// ```
  ///
  /// Written for review on a Mac: this file is not compiled on the Linux machines that build
  /// traceq (see the README).
  public enum UIKitRecording {
    /// Why the last ``start(_:)`` records or does not: `record`, or `off` with the switch that
    /// turned it off.
    @MainActor public private(set) static var decision: RecordingSwitch.Decision = .off("not started")

    /// Stops the recording running, if any; then, unless a switch says off (``RecordingSwitch``:
    /// the options, Info.plist's `TraceqRecorderEnabled`, the `TRACEQ_RECORDER` environment
    /// variable, the session sampling), starts a `TraceRecorder` with a header describing this
    /// device and app and installs the hooks of the features turned on.
    @MainActor
    @discardableResult
    public static func start(_ options: RecordingOptions = RecordingOptions()) -> TraceRecorder? {
      stop()
      decision = RecordingSwitch.decide(
        options, infoPlist: Bundle.main.infoDictionary ?? [:], environment: ProcessInfo.processInfo.environment,
        draw: Double.random(in: 0..<1))
      guard decision == .record else {
        if case .off(let reason) = decision { NSLog("traceq recorder: off (%@)", reason) }
        return nil
      }
      do {
        let recorder = try TraceRecorder.start(
          sessionHeader(), configuration: options.configuration, describeClass: UIKitVocabulary.describe)
        HookContext.activate(HookContext(recorder: recorder, options: options, bridge: UIKitRuntimeBridge.shared))
        UIKitHooks.install(HookTable.plan(options.features), policy: options.classPolicy)
        if options.features.contains(.unifiedLog), #available(iOS 15.0, *) { UnifiedLogReader.start() }
        flushOnUncaughtException()
        return recorder
      } catch {
        decision = .off("cannot start: \(error)")
        NSLog("traceq recorder: not recording: %@", String(describing: error))
        return nil
      }
    }

    /// The off switch at run time. UIPopoverController's initializer and `dealloc` get UIKit's
    /// implementations back first (the only lifecycle hooks); every other hook then passes
    /// straight through to UIKit; the recorder writes what it holds and closes its file.
    @MainActor
    public static func stop() {
      UIKitHooks.removeLifecycleHooks()
      let recorder = HookContext.current?.recorder
      HookContext.activate(nil)
      if #available(iOS 15.0, *) { UnifiedLogReader.stop() }
      recorder?.stop()
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
        if let recorder = HookContext.current?.recorder {
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
