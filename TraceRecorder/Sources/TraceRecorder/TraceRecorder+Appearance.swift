/// Appearance and rotation callbacks a controller received.
extension TraceRecorder {
  /// `vc.viewWillAppear(animated)` was called; nil `animated` writes no `animated` key.
  public func viewWillAppear(_ vc: AnyObject, animated: Bool?) { animatedEvent(.viewWillAppear, .vc, vc, animated) }
  /// `vc.viewDidAppear(animated)` was called; nil `animated` writes no `animated` key.
  public func viewDidAppear(_ vc: AnyObject, animated: Bool?) { animatedEvent(.viewDidAppear, .vc, vc, animated) }
  /// `vc.viewWillDisappear(animated)` was called; nil `animated` writes no `animated` key.
  public func viewWillDisappear(_ vc: AnyObject, animated: Bool?) {
    animatedEvent(.viewWillDisappear, .vc, vc, animated)
  }
  /// `vc.viewDidDisappear(animated)` was called; nil `animated` writes no `animated` key.
  public func viewDidDisappear(_ vc: AnyObject, animated: Bool?) {
    animatedEvent(.viewDidDisappear, .vc, vc, animated)
  }

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
    objectEvent(.endAppearanceTransition, .vc, vc)
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

  /// An event whose only keys are one object and `animated`.
  func animatedEvent(_ event: EventName, _ key: RecordKey, _ object: AnyObject, _ animated: Bool?) {
    record(event) { encoder in
      self.object(key, object, into: &encoder)
      animatedKey(animated, into: &encoder)
    }
  }

  /// An event whose only key is one object.
  func objectEvent(_ event: EventName, _ key: RecordKey, _ object: AnyObject) {
    record(event) { encoder in self.object(key, object, into: &encoder) }
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
