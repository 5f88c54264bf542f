/// A group of hooks that can be turned on or off on its own (``RecordingOptions/features``).
public enum RecordingFeature: String, CaseIterable, Sendable {
  /// The window's root and the appearance callbacks (`viewWillAppear`…, begin/end appearance
  /// transitions).
  case appearance
  /// Children, navigation stacks, tabs and containment transitions.
  case containment
  /// `present` and `dismiss`, and their completions.
  case presentation
  /// What controllers and the app delegate answer to UIKit's orientation questions
  /// (`supportedInterfaceOrientations`, `shouldAutorotate`, …): written when an answer changes.
  case orientationAnswers
  /// Rotation callbacks, device orientation, and the iOS 16 geometry requests.
  case rotation
  /// `UIPopoverController` (deprecated since iOS 9): its hooks include an initializer and
  /// `dealloc`, because UIKit throws from both (on an iPhone; while the popover is visible).
  case popoverController
  /// `dealloc` records for view controllers, from an object associated with each controller
  /// (no `dealloc` hook).
  case deallocation
  /// What the process writes to standard error, line by line. Off by default: it may hold
  /// personal data, and modern UIKit warnings rarely go there outside the debugger.
  case console
  /// UIKit's own warnings from the unified log (`OSLogStore`, iOS 15+). Off by default: the
  /// messages may name objects and text of the app.
  case unifiedLog

  /// On unless turned off: everything but the console and the unified log.
  public static let defaults: Set<RecordingFeature> = Set(allCases).subtracting([.console, .unifiedLog])
}

extension RecordingFeature {
  /// The feature's bit in a ``FeatureSet``.
  var bit: UInt32 { 1 << UInt32(Self.allCases.firstIndex(of: self)!) }
}

/// Features as bits, for the check each hook makes.
struct FeatureSet: Sendable {
  private let bits: UInt32

  init(_ features: Set<RecordingFeature>) { bits = features.reduce(0) { $0 | $1.bit } }

  @inline(__always) func contains(_ feature: RecordingFeature?) -> Bool {
    guard let feature else { return true }
    return bits & feature.bit != 0
  }
}
