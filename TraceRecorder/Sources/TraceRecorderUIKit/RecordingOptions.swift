import TraceRecorder

/// What the UIKit recorder hooks and records: the switches an app sets in code, before
/// ``RecordingSwitch`` applies the Info.plist and environment keys.
public struct RecordingOptions: Sendable {
  /// The global switch in code: false records nothing and installs no hook.
  public var isEnabled = true
  /// The hook groups installed (``RecordingFeature/defaults`` unless changed).
  public var features = RecordingFeature.defaults
  /// Classes whose instances are neither recorded nor hooked, with their subclasses: the names
  /// as the Objective-C runtime gives them (`NSStringFromClass`: `MyApp.CheckoutViewController`,
  /// `PSPDFViewController`).
  public var excludedClasses: Set<String> = []
  /// Modules whose classes are neither recorded nor hooked: a Swift module (`StripePaymentSheet`)
  /// or a framework's image (`GoogleMobileAds`).
  public var excludedModules: Set<String> = []
  /// False (the default): classes of the system's frameworks get no hook of their own, only
  /// the hooked UIKit methods they inherit, except UIKit's public containers (the README's
  /// "Record traces" lists them).
  public var hooksSystemFrameworks = false
  /// The share of launches recorded, 0 to 1: each launch draws once (1 records every launch).
  public var sessionSampleRate = 1.0
  /// Where and how the trace files are written.
  public var configuration: RecorderConfiguration

  /// Options that record every launch with the default features, into `configuration`.
  public init(
    configuration: RecorderConfiguration = RecorderConfiguration(directory: RecorderConfiguration.defaultDirectory)
  ) {
    self.configuration = configuration
  }

  /// The class and module exclusions as a policy.
  var classPolicy: ClassPolicy {
    ClassPolicy(
      excludedClasses: excludedClasses, excludedModules: excludedModules, hooksSystemFrameworks: hooksSystemFrameworks)
  }
}
