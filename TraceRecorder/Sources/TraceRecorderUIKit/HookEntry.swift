import TraceRecorder

/// Where the UIKit layer hears of one event of the format: a method it hooks (with the method's
/// argument layout), a completion, a notification, an associated object, a log.
struct HookEntry: Sendable {
  /// What is hooked or observed.
  enum Source: Sendable, Equatable {
    /// An instance method of `className`. `perClass`: the app's subclasses that implement it
    /// themselves (and whose answer or callback therefore does not reach UIKit's) get the hook
    /// too, on their own implementation.
    case instanceMethod(className: String, selector: String, perClass: Bool)
    /// A class method (`+[UIViewController attemptRotationToDeviceOrientation]`).
    case classMethod(className: String, selector: String)
    /// The completion block the hook of `selector` passes in place of the app's (and then calls).
    case completion(className: String, selector: String)
    /// A delegate's method, hooked on the delegate's class when the UIKit layer finds it.
    case delegateMethod(protocolName: String, selector: String)
    /// A notification observed on the default center.
    case notification(name: String)
    /// An object associated with each controller when UIKit first shows it: the controller's
    /// `dealloc` releases it, so no `dealloc` hook is needed.
    case associatedObject
    /// The process's standard error, read line by line.
    case standardError
    /// The unified log of this process (`OSLogStore`, iOS 15+), read every few seconds.
    case unifiedLog
    /// Written by ``TraceRecorder`` itself, not by a hook.
    case recorder
  }

  /// Who calls the method: the app (a call into UIKit: recorded when it is the app's outermost
  /// call of that event) or UIKit (a callback: recorded once per object however many `super`
  /// implementations run). See ``CallNesting``.
  enum Role: Sendable {
    case call, callback
  }

  /// The event written.
  var event: EventName
  /// Where the event is heard of.
  var source: Source
  /// The method's arguments and result, for sources that hook a method.
  var layout: ArgumentLayout?
  /// Whether the app calls the method or UIKit calls it back.
  var role: Role
  /// The group that turns the entry on; nil for the recorder's own records (always on).
  var feature: RecordingFeature?

  /// An entry writing `event` from `source`.
  init(
    _ event: EventName, _ source: Source, _ layout: ArgumentLayout? = nil, role: Role = .callback,
    feature: RecordingFeature?
  ) {
    self.event = event
    self.source = source
    self.layout = layout
    self.role = role
    self.feature = feature
  }

  /// The selector, for sources that have one.
  var selector: String? {
    switch source {
    case .instanceMethod(_, let selector, _), .classMethod(_, let selector), .completion(_, let selector),
      .delegateMethod(_, let selector):
      selector
    case .notification, .associatedObject, .standardError, .unifiedLog, .recorder: nil
    }
  }

  /// The class whose method is hooked (nil for delegates, found at run time, and other sources).
  var className: String? {
    switch source {
    case .instanceMethod(let name, _, _), .classMethod(let name, _): name
    case .completion, .delegateMethod, .notification, .associatedObject, .standardError, .unifiedLog, .recorder: nil
    }
  }

  /// True for a hook of an initializer or of `dealloc`: the riskiest kind of hook (UIKit's
  /// object lifecycle), installed only where UIKit throws from the method itself, and the first
  /// thing ``HookTable/removalOrder(_:)`` removes.
  var touchesLifecycle: Bool {
    guard layout != nil, let selector else { return false }
    return selector == "dealloc" || selector.hasPrefix("init")
  }

  /// True when the hook is installed on the app's subclasses too.
  var isPerClass: Bool {
    if case .instanceMethod(_, _, true) = source { return true }
    return false
  }
}
