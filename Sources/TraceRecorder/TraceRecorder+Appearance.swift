import TraceModel

/// Appearance and rotation callbacks a controller received.
extension TraceRecorder {
  public func viewWillAppear(_ vc: AnyObject, animated: Bool?) { appearance(.viewWillAppear, vc, animated) }
  public func viewDidAppear(_ vc: AnyObject, animated: Bool?) { appearance(.viewDidAppear, vc, animated) }
  public func viewWillDisappear(_ vc: AnyObject, animated: Bool?) { appearance(.viewWillDisappear, vc, animated) }
  public func viewDidDisappear(_ vc: AnyObject, animated: Bool?) { appearance(.viewDidDisappear, vc, animated) }

  /// `vc.beginAppearanceTransition(appearing, animated:)`.
  public func beginAppearanceTransition(_ vc: AnyObject, appearing: Bool, animated: Bool?) {
    record(.beginAppearanceTransition) { encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(.appearing)
      encoder.bool(appearing)
      animatedKey(animated, into: &encoder)
    }
  }

  /// `vc.endAppearanceTransition()`.
  public func endAppearanceTransition(_ vc: AnyObject) {
    record(.endAppearanceTransition) { encoder in object(.vc, vc, into: &encoder) }
  }

  /// `willRotate(to:duration:)` (before iOS 8's size transitions).
  public func willRotate(_ vc: AnyObject, to orientation: InterfaceOrientation, duration: Double? = nil) {
    rotation(.willRotate, vc, .to, orientation, duration)
  }

  /// `willAnimateRotation(to:duration:)`.
  public func willAnimateRotation(_ vc: AnyObject, to orientation: InterfaceOrientation, duration: Double? = nil) {
    rotation(.willAnimateRotation, vc, .to, orientation, duration)
  }

  /// `didRotate(from:)`.
  public func didRotate(_ vc: AnyObject, from orientation: InterfaceOrientation) {
    rotation(.didRotate, vc, .from, orientation, nil)
  }

  /// `viewWillTransition(to:with:)`, with the new size in points.
  public func viewWillTransitionToSize(_ vc: AnyObject, width: Double, height: Double) {
    record(.viewWillTransitionToSize) { encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(.width)
      encoder.number(width)
      encoder.key(.height)
      encoder.number(height)
    }
  }

  private func appearance(_ event: EventName, _ vc: AnyObject, _ animated: Bool?) {
    record(event) { encoder in
      object(.vc, vc, into: &encoder)
      animatedKey(animated, into: &encoder)
    }
  }

  private func rotation(
    _ event: EventName, _ vc: AnyObject, _ key: RecordKey, _ orientation: InterfaceOrientation, _ duration: Double?
  ) {
    record(event) { encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(key)
      encoder.string(orientation.name)
      if let duration {
        encoder.key(.duration)
        encoder.number(duration)
      }
    }
  }

  /// `,"animated":true` when `animated` is known.
  func animatedKey(_ animated: Bool?, into encoder: inout RecordEncoder) {
    guard let animated else { return }
    encoder.key(.animated)
    encoder.bool(animated)
  }
}
