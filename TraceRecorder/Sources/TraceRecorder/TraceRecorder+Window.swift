/// Window and device events, and what controllers answered UIKit's orientation questions.
extension TraceRecorder {
  /// `window.rootViewController = vc` (`window` nil: the main window).
  public func setRoot(_ vc: AnyObject, window: AnyObject? = nil) {
    record(.setRoot) { encoder in
      object(.vc, vc, into: &encoder)
      if let window { object(.window, window, into: &encoder) }
    }
  }

  /// What `application(_:supportedInterfaceOrientationsFor:)` returned for `window`; written when
  /// it differs from the window's last answer.
  public func windowMask(_ mask: OrientationMask, window: AnyObject? = nil) {
    answer(.windowMask, .windowMask, of: window, value: mask.rawValue) { encoder in
      maskKey(.mask, mask, into: &encoder)
      if let window { object(.window, window, into: &encoder) }
    }
  }

  /// `beginGeneratingDeviceOrientationNotifications` (true) or `end…` (false).
  public func deviceNotifications(on: Bool) {
    record(.deviceNotifications) { encoder in
      encoder.key(.on)
      encoder.bool(on)
    }
  }

  /// `UIDevice.orientationDidChangeNotification`, with the device's new orientation.
  public func deviceOrientation(_ orientation: DeviceOrientation) {
    record(.deviceOrientation) { encoder in
      encoder.key(.orientation)
      encoder.string(orientation.name)
    }
  }

  /// `UIViewController.attemptRotationToDeviceOrientation()`.
  public func attemptRotation() {
    record(.attemptRotation) { _ in }
  }

  /// iOS 16: `vc.setNeedsUpdateOfSupportedInterfaceOrientations()`.
  public func setNeedsUpdateOfSupportedInterfaceOrientations(_ vc: AnyObject) {
    objectEvent(.setNeedsUpdateOfSupportedInterfaceOrientations, .vc, vc)
  }

  /// iOS 16: `windowScene.requestGeometryUpdate(.iOS(interfaceOrientations:))`.
  public func requestGeometryUpdate(_ orientations: OrientationMask, window: AnyObject? = nil) {
    record(.requestGeometryUpdate) { encoder in
      maskKey(.orientations, orientations, into: &encoder)
      if let window { object(.window, window, into: &encoder) }
    }
  }

  // What controllers answered: each is written the first time a controller gives it and when it
  // changes, not on every one of UIKit's many questions (the reader keeps the last answer).

  /// What `vc.supportedInterfaceOrientations` returned.
  public func supportedInterfaceOrientations(_ vc: AnyObject, _ mask: OrientationMask) {
    answer(.supportedInterfaceOrientations, .supportedInterfaceOrientations, of: vc, value: mask.rawValue) { encoder in
      object(.vc, vc, into: &encoder)
      maskKey(.mask, mask, into: &encoder)
    }
  }

  /// What `vc.shouldAutorotate` returned.
  public func shouldAutorotate(_ vc: AnyObject, _ value: Bool) {
    answered(.shouldAutorotate, .shouldAutorotate, vc, value)
  }

  /// What `vc.preferredInterfaceOrientationForPresentation` returned.
  public func preferredInterfaceOrientation(_ vc: AnyObject, _ orientation: InterfaceOrientation) {
    answer(.preferredInterfaceOrientation, .preferredInterfaceOrientation, of: vc, value: orientation.rawValue) {
      encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(.orientation)
      encoder.string(orientation.name)
    }
  }

  /// What `vc.definesPresentationContext` returned.
  public func definesPresentationContext(_ vc: AnyObject, _ value: Bool) {
    answered(.definesPresentationContext, .definesPresentationContext, vc, value)
  }

  private func answered(_ event: EventName, _ question: ObjectMemory.Question, _ vc: AnyObject, _ value: Bool) {
    answer(event, question, of: vc, value: value ? 1 : 0) { encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(.value)
      encoder.bool(value)
    }
  }

  /// `,"key":30`: a mask as UIKit's integer.
  func maskKey(_ key: RecordKey, _ mask: OrientationMask, into encoder: inout RecordEncoder) {
    encoder.key(key)
    encoder.integer(mask.rawValue)
  }
}
