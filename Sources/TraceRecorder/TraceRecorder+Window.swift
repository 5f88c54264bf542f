import TraceModel

/// Window and device events, and what controllers answered UIKit's orientation questions.
extension TraceRecorder {
  /// `window.rootViewController = vc` (`window` nil: the main window).
  public func setRoot(_ vc: AnyObject, window: AnyObject? = nil) {
    record(.setRoot) { encoder in
      object(.vc, vc, into: &encoder)
      if let window { object(.window, window, into: &encoder) }
    }
  }

  /// What `application(_:supportedInterfaceOrientationsFor:)` returned for `window`.
  public func windowMask(_ mask: OrientationMask, window: AnyObject? = nil) {
    record(.windowMask) { encoder in
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

  /// What `vc.supportedInterfaceOrientations` returned.
  public func supportedInterfaceOrientations(_ vc: AnyObject, _ answer: OrientationMask) {
    record(.supportedInterfaceOrientations) { encoder in
      object(.vc, vc, into: &encoder)
      maskKey(.mask, answer, into: &encoder)
    }
  }

  /// What `vc.shouldAutorotate` returned.
  public func shouldAutorotate(_ vc: AnyObject, _ answer: Bool) {
    answered(.shouldAutorotate, vc, answer)
  }

  /// What `vc.preferredInterfaceOrientationForPresentation` returned.
  public func preferredInterfaceOrientation(_ vc: AnyObject, _ answer: InterfaceOrientation) {
    record(.preferredInterfaceOrientation) { encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(.orientation)
      encoder.string(answer.name)
    }
  }

  /// What `vc.definesPresentationContext` returned.
  public func definesPresentationContext(_ vc: AnyObject, _ answer: Bool) {
    answered(.definesPresentationContext, vc, answer)
  }

  private func answered(_ event: EventName, _ vc: AnyObject, _ value: Bool) {
    record(event) { encoder in
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
